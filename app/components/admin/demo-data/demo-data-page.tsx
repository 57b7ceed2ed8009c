import { Form, useNavigation } from "react-router";
import { formFields } from "~/components/forms/field-props";
import { Field } from "~/components/ui/field";
import { type DemoRemoval, type DemoRowCounts, demoRemovalConfirmation, hasDemoRows } from "~/modules/demo-data/values";
import type { ActionResult } from "~/modules/forms/action-result";

const numberFormat = new Intl.NumberFormat("it-IT");

/** 'Dati dimostrativi': what of the demo shop is left, and 'Inizia con il tuo negozio' behind a typed confirmation. */
export function DemoDataPage({
  counts,
  answer,
}: {
  counts: DemoRowCounts;
  answer: ActionResult<"remove-demo", DemoRemoval> | undefined;
}) {
  const busy = useNavigation().state === "submitting";
  const field = formFields("demo-data", answer?.fieldErrors);
  return (
    <>
      <h1 className="text-3xl text-ink">Dati dimostrativi</h1>
      {answer?.ok && answer.data && <RemovalDone removal={answer.data} />}
      {hasDemoRows(counts) ? (
        <section aria-labelledby="demo-data-start" className="mt-6 rounded-md border border-sand bg-white p-4 sm:p-5">
          <h2 id="demo-data-start" className="text-lg text-ink">
            Inizia con il tuo negozio
          </h2>
          <p className="mt-2 text-sm text-ink">Il negozio contiene ancora i dati dimostrativi:</p>
          <ul className="mt-1 list-disc pl-5 text-sm text-ink">
            <li>{numberFormat.format(counts.products)} prodotti, con varianti e immagini</li>
            <li>{numberFormat.format(counts.reviews)} recensioni</li>
            <li>{numberFormat.format(counts.blogPosts)} articoli del blog, con commenti e voti</li>
            <li>
              {numberFormat.format(counts.orders)} ordini di prova, con pagamenti e rimborsi, che fanno le statistiche
            </li>
          </ul>
          <p className="mt-3 text-sm text-ink-soft">
            Vengono cancellati solo questi dati, per sempre. Restano le impostazioni, gli account, i codici sconto, gli
            iscritti alla newsletter e tutto ciò che hai aggiunto tu: prodotti, articoli e gli ordini dei clienti veri.
            Un prodotto dimostrativo comprato in un ordine vero resta, archiviato, perché l'ordine lo nomina.
          </p>
          <Form method="post" className="mt-4 max-w-sm space-y-3">
            <input type="hidden" name="intent" value="remove-demo" />
            <Field
              {...field("confirmation")}
              label={`Per confermare scrivi ${demoRemovalConfirmation}`}
              autoComplete="off"
              defaultValue={answer?.values?.confirmation}
              required
            />
            <button
              type="submit"
              disabled={busy}
              className="rounded-sm bg-sale px-4 py-2 text-sm text-ivory hover:bg-wine disabled:cursor-wait disabled:opacity-60"
            >
              Inizia con il tuo negozio
            </button>
          </Form>
        </section>
      ) : (
        !answer?.ok && (
          <p className="mt-4 text-sm text-ink">
            Il negozio non contiene dati dimostrativi: catalogo, blog, ordini e statistiche sono solo i tuoi.
          </p>
        )
      )}
    </>
  );
}

function RemovalDone({ removal }: { removal: DemoRemoval }) {
  return (
    <div role="status" className="mt-4 rounded-md border border-sand bg-linen p-4 text-sm text-ink">
      <p className="font-medium">Dati dimostrativi cancellati: il negozio è tuo.</p>
      <p className="mt-1">
        Cancellati {numberFormat.format(removal.products)} prodotti, {numberFormat.format(removal.reviews)} recensioni,{" "}
        {numberFormat.format(removal.blogPosts)} articoli e {numberFormat.format(removal.orders)} ordini di prova.
        {removal.archivedProducts > 0 &&
          ` ${numberFormat.format(removal.archivedProducts)} prodotti comprati in ordini veri restano archiviati.`}
      </p>
      <p className="mt-1">Catalogo, blog, statistiche, sitemap e feed sono già aggiornati.</p>
    </div>
  );
}
