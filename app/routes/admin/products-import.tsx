import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { currentAdmin } from "~/modules/accounts/admin-guard.server";
import { failed } from "~/modules/forms/action-result";
import { readForm } from "~/modules/forms/read-form.server";
import { chosenFilesTooLarge, uploadWasTooLarge } from "~/modules/forms/upload-too-large";
import { runProductImport } from "~/modules/product-import/import-action.server";
import {
  importTooLargeMessage,
  MAX_IMPORT_MEGABYTES,
  maxImportBytes,
  type ProductImportIntent,
  type ProductImportResult,
} from "~/modules/product-import/import-answer";
import { importColumns } from "~/modules/product-import/import-row";
import { MAX_IMPORT_ROWS } from "~/modules/product-import/read-sheet";
import { services } from "~/services.server";
import type { Route } from "./+types/products-import";

export function meta() {
  return [{ title: "Importa prodotti e giacenze" }, { name: "robots", content: "noindex, nofollow" }];
}

export function loader({ request, context }: Route.LoaderArgs) {
  currentAdmin(context);
  return { sentTooLarge: uploadWasTooLarge(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  currentAdmin(context);
  const answer = await runProductImport(services(context), await readForm(request));
  return data(answer, { status: answer.ok ? 200 : 422 });
}

const linkClass = "text-sm text-wine underline underline-offset-4 hover:text-wine-dark";
const primaryClass =
  "inline-flex items-center justify-center rounded-sm bg-ink px-4 py-2 text-sm font-medium text-ivory hover:bg-wine disabled:cursor-wait disabled:opacity-60";
const secondaryClass =
  "inline-flex items-center justify-center rounded-sm border border-ink px-4 py-2 text-sm font-medium text-ink hover:border-wine hover:text-wine disabled:cursor-wait disabled:opacity-60";

const summaryLabels = [
  ["productsCreated", "Prodotti nuovi"],
  ["productsUpdated", "Prodotti aggiornati"],
  ["variantsCreated", "Varianti nuove"],
  ["variantsUpdated", "Varianti aggiornate"],
  ["priceChanges", "Prezzi cambiati"],
] as const;

function ImportResult({ answer }: { answer: ProductImportResult }) {
  const { problems = [], summary } = answer.data ?? {};
  return (
    <section
      aria-labelledby="import-result"
      role={answer.ok ? "status" : "alert"}
      className={`mt-6 rounded-md border p-4 text-sm ${answer.ok ? "border-sand bg-linen" : "border-wine bg-white"}`}
    >
      <h2 id="import-result" className="font-medium text-ink">
        {answer.intent === "import" ? "Importazione" : "Verifica"}: {answer.notice?.title}
      </h2>
      {summary && (
        <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-ink sm:max-w-sm">
          {summaryLabels.map(([key, label]) => (
            <div key={key} className="contents">
              <dt>{label}</dt>
              <dd className="text-right tabular-nums">{summary[key]}</dd>
            </div>
          ))}
        </dl>
      )}
      {problems.length > 0 && (
        <ol className="mt-3 space-y-2 text-ink">
          {problems.map((problem, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list; a line may have several problems
            <li key={index} className="border-t border-sand pt-2">
              <span className="font-medium">Riga {problem.line}</span>
              {problem.column && <span className="text-ink-soft"> · colonna {problem.column}</span>}
              <span className="block">{problem.message}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** A file above what the server reads: refused before sending, or after a post made before the scripts ran. */
function tooLargeAnswer(intent: ProductImportIntent): ProductImportResult {
  return failed({ intent, notice: { title: importTooLargeMessage }, data: { problems: [] } });
}

export default function AdminProductsImport({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [refused, setRefused] = useState<ProductImportResult | null>(() =>
    loaderData.sentTooLarge ? tooLargeAnswer("check") : null,
  );
  // The newest answer: the server's, unless this page refused the file since.
  const [answerSeen, setAnswerSeen] = useState(actionData);
  if (actionData !== answerSeen) {
    setAnswerSeen(actionData);
    setRefused(null);
  }
  const answer = refused ?? actionData;
  return (
    <>
      <Link
        to="/admin/products"
        className="inline-flex items-center gap-1 text-sm text-wine underline underline-offset-4 hover:text-wine-dark"
      >
        <ArrowLeft aria-hidden className="size-4" />
        Torna ai prodotti
      </Link>
      <h1 className="mt-4 text-3xl text-ink">Importa prodotti e giacenze</h1>
      <p className="mt-2 max-w-2xl text-sm text-ink-soft">
        Un file CSV con una riga per variante (colore e taglia). I prodotti e le varianti si riconoscono dallo SKU:
        quelli già in catalogo vengono aggiornati, gli altri creati. Le varianti che il file non nomina restano come
        sono. «Verifica» elenca ogni problema riga per riga senza salvare nulla; «Importa» salva tutto il file, oppure
        niente se c'è anche un solo problema.
      </p>
      <p className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
        <a href="/admin/products/export.csv?modello=1" download className={linkClass}>
          Scarica il modello
        </a>
        <a href="/admin/products/export.csv" download className={linkClass}>
          Esporta tutti i prodotti
        </a>
      </p>

      <Form
        method="post"
        encType="multipart/form-data"
        className="mt-6 rounded-md border border-sand bg-white p-5"
        onSubmit={(event) => {
          if (!chosenFilesTooLarge(event.currentTarget, "file", maxImportBytes)) return;
          event.preventDefault();
          const submitter = (event.nativeEvent as SubmitEvent).submitter;
          setRefused(tooLargeAnswer(submitter?.getAttribute("value") === "import" ? "import" : "check"));
        }}
      >
        <label className="block text-sm text-ink">
          File CSV (UTF-8, fino a {MAX_IMPORT_MEGABYTES} MB e {MAX_IMPORT_ROWS.toLocaleString("it-IT")} righe)
          <input
            name="file"
            type="file"
            required
            accept=".csv,text/csv"
            className="mt-1 w-full rounded-sm border border-sand bg-white px-3 py-2 text-ink file:mr-3 file:rounded-sm file:border-0 file:bg-linen file:px-3 file:py-1"
          />
        </label>
        <div className="mt-4 flex flex-wrap gap-3">
          <button type="submit" name="intent" value="check" className={secondaryClass} disabled={busy}>
            Verifica
          </button>
          <button type="submit" name="intent" value="import" className={primaryClass} disabled={busy}>
            Importa
          </button>
        </div>
      </Form>

      {answer && <ImportResult answer={answer} />}

      <section aria-labelledby="columns-title" className="mt-8">
        <h2 id="columns-title" className="text-lg text-ink">
          Le colonne
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-ink-soft">
          La prima riga contiene i nomi delle colonne, in qualsiasi ordine. Separatore punto e virgola (come Excel in
          italiano) o virgola; importi con la virgola, ad esempio 39,90. Le colonne del prodotto si ripetono uguali su
          ogni riga delle sue varianti. Un cambio di prezzo resta nello storico dei prezzi, per il prezzo più basso
          degli ultimi 30 giorni.
        </p>
        <dl className="mt-4 grid gap-3 text-sm md:grid-cols-2">
          {importColumns.map((column) => (
            <div key={column.name} className="rounded-md border border-sand bg-white p-3">
              <dt className="font-mono text-ink">{column.name}</dt>
              <dd className="mt-1 text-ink-soft">{column.help}</dd>
              <dd className="mt-1 text-ink">
                Esempio: <span className="font-mono">{column.example}</span>
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}
