import { Form, Link, useNavigation } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { buttonClass } from "~/components/ui/button";
import { readForm } from "~/modules/forms/read-form.server";
import { unsubscribe } from "~/modules/newsletter/subscriptions.server";
import { services } from "~/services.server";
import type { Route } from "./+types/newsletter-unsubscribe";

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

// The page's button posts the token as a field; mail clients' one-click unsubscribe (RFC 8058)
// posts to the link itself, token in the address.
export async function action({ request, context }: Route.ActionArgs) {
  const field = (await readForm(request)).get("token");
  const token = typeof field === "string" && field ? field : (new URL(request.url).searchParams.get("token") ?? "");
  return { unsubscribed: token !== "" && (await unsubscribe(services(context).db, token)) };
}

export function meta() {
  return [{ title: "Annulla l'iscrizione alla newsletter" }, { name: "robots", content: "noindex" }];
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const sending = useNavigation().state === "submitting";

  if (actionData?.unsubscribed) {
    return (
      <PageHeader eyebrow="Newsletter" title="Iscrizione annullata">
        <p>Non riceverai più la nostra newsletter. Se cambi idea, puoi iscriverti di nuovo quando vuoi.</p>
      </PageHeader>
    );
  }

  if (actionData || !loaderData.token) {
    return (
      <PageHeader eyebrow="Newsletter" title="Link non valido">
        <p>
          Questo link non è valido. Per annullare l'iscrizione usa il link dell'ultima email ricevuta oppure{" "}
          <Link to="/contact" className="text-wine underline underline-offset-4">
            scrivici
          </Link>
          .
        </p>
      </PageHeader>
    );
  }

  return (
    <PageHeader eyebrow="Newsletter" title="Annulla l'iscrizione">
      <p>Vuoi smettere di ricevere la nostra newsletter?</p>
      <Form method="post" className="mt-8">
        <input type="hidden" name="token" value={loaderData.token} />
        <button type="submit" disabled={sending} className={buttonClass.primary}>
          Annulla l'iscrizione
        </button>
      </Form>
    </PageHeader>
  );
}
