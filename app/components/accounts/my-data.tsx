import { Download, TriangleAlert, UserX } from "lucide-react";
import { Link, useFetcher, useNavigate } from "react-router";
import { NativeError } from "~/components/accounts/native-error";
import { useFetcherAnswer } from "~/components/forms/use-fetcher-answer";
import { showToast } from "~/components/toast";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { useHydrated } from "~/components/use-hydrated";
import type { ActionResult } from "~/modules/forms/action-result";

export const personalDataPath = "/profile/dati.json";
export const deleteAccountPath = "/profile/elimina-account";

const accountDeleted = {
  title: "Account eliminato",
  description: "Il tuo account e i tuoi dati sono stati eliminati.",
};

/** The profile's "I tuoi dati" block: download everything, or go to the deletion's confirmation. */
export function MyData() {
  return (
    <section aria-labelledby="my-data-title" className="mt-12 border-t border-sand pt-8">
      <h2 id="my-data-title" className="text-xl text-ink">
        I tuoi dati
      </h2>
      <p className="mt-2 text-sm text-ink-soft">
        Scarica in un file JSON tutto ciò che conserviamo su di te: profilo, ordini, recensioni, commenti, iscrizione
        alla newsletter e messaggi.
      </p>
      <div className="mt-4 flex flex-wrap gap-4">
        <a href={personalDataPath} download className={`${buttonClass.secondary} gap-2`}>
          <Download aria-hidden className="size-4" strokeWidth={1.5} />
          Scarica i miei dati
        </a>
        <Link to={deleteAccountPath} className="inline-flex items-center gap-2 text-sm text-sale underline">
          <UserX aria-hidden className="size-4" strokeWidth={1.5} />
          Elimina il mio account
        </Link>
      </div>
    </section>
  );
}

/** The deletion's confirmation: what goes, what stays, and the password to confirm it. */
export function DeleteAccountPanel({ email, nativeAnswer }: { email: string; nativeAnswer?: ActionResult }) {
  const fetcher = useFetcher<ActionResult>();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  useFetcherAnswer(fetcher.data, (answer) => {
    if (answer.ok) {
      void showToast(accountDeleted, "success");
      void navigate("/", { replace: true });
    } else if (answer.notice) {
      void showToast(answer.notice, "error");
    }
  });
  const answer = fetcher.data ?? nativeAnswer;
  const passwordError = answer && !answer.ok ? answer.fieldErrors?.password : undefined;
  const busy = fetcher.state !== "idle";

  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-3xl text-ink">Elimina il mio account</h1>
      <p className="mt-1 text-ink-soft">{email}</p>
      <div role="note" className="mt-6 flex gap-3 rounded-sm border border-sale/30 bg-blush p-4 text-sm text-ink">
        <TriangleAlert aria-hidden className="size-5 shrink-0 text-sale" strokeWidth={1.5} />
        <div className="space-y-2">
          <p>
            <strong>L'eliminazione è definitiva e non si può annullare.</strong> Perderai l'accesso al tuo account e ai
            tuoi dati: profilo, indirizzo, iscrizione alla newsletter e messaggi inviati.
          </p>
          <p>
            Le tue recensioni e i tuoi commenti restano, firmati «Utente eliminato». I tuoi ordini restano conservati,
            senza più legame con un account, per gli obblighi fiscali (10 anni).
          </p>
          <p>
            Prima di procedere puoi{" "}
            <a href={personalDataPath} download className="underline">
              scaricare i tuoi dati
            </a>
            .
          </p>
        </div>
      </div>
      <fetcher.Form method="post" action={deleteAccountPath} className="mt-8 space-y-5">
        {!hydrated && <input type="hidden" name="redirectTo" value="/" />}
        {!fetcher.data && <NativeError error={nativeAnswer && !nativeAnswer.ok ? nativeAnswer.notice : undefined} />}
        <Field
          id="delete-account-password"
          name="password"
          type="password"
          label="Per confermare, inserisci la tua password"
          autoComplete="current-password"
          required
          error={passwordError}
        />
        <div className="flex flex-wrap items-center gap-4">
          <button
            type="submit"
            disabled={busy}
            className={`${buttonClass.primary} disabled:cursor-wait disabled:opacity-60`}
          >
            {busy ? "Eliminazione…" : "Elimina definitivamente il mio account"}
          </button>
          <Link to="/profile" className="text-sm underline">
            Annulla
          </Link>
        </div>
      </fetcher.Form>
    </div>
  );
}
