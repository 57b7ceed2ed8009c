import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import type { ReadinessCheck, ReadinessStatus } from "~/modules/readiness/checks";

// 'Pronto per vendere?': every check as a row, green, amber or red in colour and in words (the colour
// is never the only sign), with what was found and how to fix it.

const statusLook: Record<ReadinessStatus, { word: string; mark: string; badge: string }> = {
  ok: { word: "Pronto", mark: "✓", badge: "bg-green-50 text-green-800 ring-green-700/20" },
  warning: { word: "Da controllare", mark: "!", badge: "bg-amber-50 text-amber-900 ring-amber-700/20" },
  missing: { word: "Manca", mark: "✗", badge: "bg-red-50 text-red-800 ring-red-700/20" },
};

function CheckList({ checks }: { checks: ReadinessCheck[] }) {
  return (
    <ul className="divide-y divide-sand">
      {checks.map((check) => {
        const look = statusLook[check.status];
        return (
          <li key={check.id} data-check={check.id} data-status={check.status} className="py-3">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="font-medium text-ink">{check.label}</h3>
              <span className={`rounded-sm px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${look.badge}`}>
                <span aria-hidden="true">{look.mark} </span>
                {look.word}
              </span>
            </div>
            <p className="mt-1 text-sm text-ink-soft">{check.detail}</p>
            {check.fix ? (
              <p className="mt-1 text-sm text-ink">
                <span className="font-medium">Come sistemare: </span>
                {check.fix}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

const sectionClass = "rounded-md border border-sand bg-white p-4 sm:p-5";

export function ReadinessPage({
  localChecks,
  outsideChecks,
}: {
  localChecks: ReadinessCheck[];
  /** The outside services' answers, once the owner pressed 'Verifica'. */
  outsideChecks: ReadinessCheck[] | null;
}) {
  const verifying = useNavigation().state === "submitting";
  const missing = [...localChecks, ...(outsideChecks ?? [])].filter((check) => check.status !== "ok").length;
  return (
    <>
      <h1 className="text-3xl text-ink">Pronto per vendere?</h1>
      <p className="mt-2 text-sm text-ink-soft">
        Quello che serve a un negozio aperto al pubblico, controllato davvero. Sistema ogni punto rosso prima di
        annunciare il negozio.
      </p>
      <div className="mt-6 space-y-6">
        <section aria-labelledby="readiness-outside" className={sectionClass}>
          <h2 id="readiness-outside" className="text-lg text-ink">
            Pagamenti, corriere ed e-mail
          </h2>
          <p className="mt-1 text-sm text-ink-soft">
            «Verifica» chiede a Stripe, a GLS e al server di posta se accettano i dati del negozio, senza cambiare
            nulla, e manda un'e-mail di prova all'indirizzo del negozio.
          </p>
          <Form method="post" className="mt-3">
            <button type="submit" name="intent" value="verify" className={buttonClass.primary} disabled={verifying}>
              {verifying ? "Verifica in corso…" : "Verifica"}
            </button>
          </Form>
          {outsideChecks ? (
            <div className="mt-3">
              <CheckList checks={outsideChecks} />
            </div>
          ) : null}
        </section>
        <section aria-labelledby="readiness-local" className={sectionClass}>
          <h2 id="readiness-local" className="text-lg text-ink">
            Il negozio
          </h2>
          <div className="mt-2">
            <CheckList checks={localChecks} />
          </div>
        </section>
        <p role="status" className="text-sm text-ink-soft">
          {missing === 0
            ? outsideChecks
              ? "Tutto pronto: il negozio può vendere."
              : "Il negozio è pronto: premi «Verifica» per controllare pagamenti, corriere ed e-mail."
            : `Punti da sistemare: ${missing}.`}
        </p>
      </div>
    </>
  );
}
