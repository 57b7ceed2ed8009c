import { Form, Link, useNavigation } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { buttonClass } from "~/components/ui/button";
import { readForm } from "~/modules/forms/read-form.server";
import { newsletterMessages } from "~/modules/newsletter/newsletter";
import { confirmSubscription } from "~/modules/newsletter/subscriptions.server";
import { services } from "~/services.server";
import type { Route } from "./+types/newsletter-confirm";

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = (await readForm(request)).get("token");
  return {
    confirmed: typeof token === "string" && token !== "" && (await confirmSubscription(services(context).db, token)),
  };
}

export function meta() {
  return [{ title: "Conferma l'iscrizione alla newsletter" }, { name: "robots", content: "noindex" }];
}

// The link in the e-mail opens this page and the button confirms: mail scanners that open links
// on their own cannot subscribe anybody.
export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const sending = useNavigation().state === "submitting";

  if (actionData?.confirmed) {
    return (
      <PageHeader eyebrow="Newsletter" title={newsletterMessages.confirmed.title}>
        <p>{newsletterMessages.confirmed.description}</p>
        <Link to="/shop" className={`${buttonClass.primary} mt-8`}>
          Scopri la collezione
        </Link>
      </PageHeader>
    );
  }

  if (actionData || !loaderData.token) {
    return (
      <PageHeader eyebrow="Newsletter" title="Link non valido">
        <p>Questo link di conferma non è valido, è scaduto o è già stato usato.</p>
        <Link to="/subscribe" className={`${buttonClass.secondary} mt-8`}>
          Iscriviti di nuovo
        </Link>
      </PageHeader>
    );
  }

  return (
    <PageHeader eyebrow="Newsletter" title="Conferma la tua iscrizione">
      <p>Manca solo un passo: conferma che vuoi ricevere la nostra newsletter.</p>
      <Form method="post" className="mt-8">
        <input type="hidden" name="token" value={loaderData.token} />
        <button type="submit" disabled={sending} className={buttonClass.primary}>
          Conferma l'iscrizione
        </button>
      </Form>
    </PageHeader>
  );
}
