import { data } from "react-router";
import { z } from "zod";
import { NewsletterForm } from "~/components/layout/newsletter-form";
import { PageHeader } from "~/components/layout/page-header";
import { logger } from "~/logger.server";
import type { ActionResult } from "~/modules/forms/action-result";
import { readForm } from "~/modules/forms/read-form.server";
import { newsletterMessages, newsletterSources } from "~/modules/newsletter/newsletter";
import { subscribeLimit } from "~/modules/newsletter/rate-limits.server";
import { subscribe } from "~/modules/newsletter/subscriptions.server";
import { formRateLimit } from "~/modules/security/form-rate-limit.server";
import { honeypotFilled } from "~/modules/security/honeypot";
import { clientIp } from "~/modules/security/rate-limit.server";
import { pageMeta } from "~/modules/seo/meta";
import { shop } from "~/modules/shop/identity";
import { services } from "~/services.server";
import type { Route } from "./+types/subscribe";

const subscribeSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, newsletterMessages.emailRequired)
    .max(254, newsletterMessages.invalidEmail)
    .pipe(z.email(newsletterMessages.invalidEmail)),
  source: z.enum(newsletterSources).catch("page"),
});

// Every newsletter form of the site posts here.
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = services(context);
  const limited = await formRateLimit(db, subscribeLimit, request);
  if (limited) return limited;
  const form = await readForm(request);
  // A bot filled the hidden field: it gets the usual answer and nothing is stored.
  if (honeypotFilled(form)) return data<ActionResult>({ ok: true });

  const parsed = subscribeSchema.safeParse({ email: form.get("email") ?? "", source: form.get("source") });
  if (!parsed.success) return failed(parsed.error.issues[0]?.message ?? newsletterMessages.failed, 400);
  try {
    await subscribe(db, { ...parsed.data, ip: clientIp(request) });
  } catch (error) {
    logger.error({ err: error }, "newsletter sign-up failed");
    return failed(newsletterMessages.failed, 500);
  }
  return data<ActionResult>({ ok: true });
}

function failed(description: string, status: number) {
  return data<ActionResult>({ ok: false, notice: { title: "Errore", description } }, { status });
}

export function meta() {
  return pageMeta(
    "Newsletter",
    `Iscriviti alla newsletter di ${shop.name}: nuove collezioni, consigli di stile e promozioni riservate.`,
  );
}

export default function Subscribe({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Newsletter" title="Iscriviti alla newsletter">
        <p>Nuove collezioni, consigli di stile e promozioni riservate, una o due volte al mese.</p>
      </PageHeader>
      <div className="mx-auto max-w-xl px-4 py-12 sm:px-6">
        <NewsletterForm variant="page" result={actionData} />
      </div>
    </>
  );
}
