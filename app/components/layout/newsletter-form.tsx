import { Form, Link } from "react-router";

/** The footer sign-up; /subscribe validates it and confirms the address by e-mail (double opt-in). */
export function NewsletterForm() {
  return (
    <section aria-labelledby="newsletter-title" className="border-b border-paper/15">
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-12 sm:px-6 lg:grid-cols-2 lg:items-center">
        <div>
          <h2 id="newsletter-title" className="text-2xl text-white sm:text-3xl">
            Iscriviti alla newsletter
          </h2>
          <p className="mt-2 max-w-md text-sm leading-relaxed text-paper-soft">
            Nuove collezioni, consigli di stile e promozioni riservate, una o due volte al mese.
          </p>
        </div>
        <Form method="post" action="/subscribe" className="w-full">
          <div className="flex flex-col gap-3 sm:flex-row">
            <label htmlFor="newsletter-email" className="sr-only">
              La tua email
            </label>
            <input
              id="newsletter-email"
              type="email"
              name="email"
              autoComplete="email"
              placeholder="La tua email"
              className="min-w-0 flex-1 rounded-sm border border-paper/30 bg-transparent px-4 py-3 text-white placeholder:text-paper-soft focus:border-paper"
            />
            <button
              type="submit"
              className="rounded-sm bg-paper px-6 py-3 text-sm font-medium tracking-[0.14em] text-ink uppercase hover:bg-white"
            >
              Iscriviti
            </button>
          </div>
          <p className="mt-3 text-xs text-paper-soft">
            Ti chiederemo di confermare l'indirizzo via email. Puoi annullare l'iscrizione in qualsiasi momento. Leggi
            l'
            <Link to="/privacy" className="underline underline-offset-2 hover:text-white">
              Informativa sulla Privacy
            </Link>
            .
          </p>
        </Form>
      </div>
    </section>
  );
}
