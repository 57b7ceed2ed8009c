import { failed, handleIntent, succeeded } from "~/modules/forms/action-result";
import type { Services } from "~/services.server";
import {
  importTooLargeMessage,
  maxImportBytes,
  type ProductImportIntent,
  type ProductImportResult,
} from "./import-answer";
import { applyImport, checkImport } from "./import-products.server";

// The import page's two buttons: "Verifica" (check, nothing written) and "Importa" (apply).

export const importActionMessages = {
  noFile: "Scegli il file CSV da verificare o importare.",
  tooLarge: importTooLargeMessage,
  notUtf8:
    "Il file non è in UTF-8: in Excel salvalo come «CSV UTF-8 (delimitato da virgole)», oppure esportalo di nuovo da qui.",
  checked: "Il file è corretto. Non è ancora stato salvato nulla: premi «Importa» per applicarlo.",
  imported: "Importazione completata.",
  checkProblems: (count: number) =>
    `${count === 1 ? "Il file ha 1 problema" : `Il file ha ${count} problemi`}: correggi e verifica di nuovo. Non è stato salvato nulla.`,
  importProblems: (count: number) =>
    `Nessuna modifica salvata: ${count === 1 ? "il file ha 1 problema" : `il file ha ${count} problemi`}.`,
};

export async function runProductImport(
  { db, clock }: Pick<Services, "db" | "clock">,
  form: FormData,
): Promise<ProductImportResult> {
  return handleIntent(form, { check: run, import: run });

  async function run(intent: ProductImportIntent): Promise<ProductImportResult> {
    const refuse = (message: string) => failed({ intent, notice: { title: message }, data: { problems: [] } });
    const file = form.get("file");
    if (file === null || typeof file === "string" || (file.name === "" && file.size === 0)) {
      return refuse(importActionMessages.noFile);
    }
    if (file.size > maxImportBytes) return refuse(importActionMessages.tooLarge);
    let text: string;
    try {
      // Strict, so a file saved as Windows-1252 is refused rather than imported with garbled accents.
      text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
    } catch {
      return refuse(importActionMessages.notUtf8);
    }

    const report = intent === "check" ? await checkImport(db, text) : await applyImport(db, clock, text);
    if (!report.ok) {
      const count = report.problems.length;
      const message =
        intent === "check" ? importActionMessages.checkProblems(count) : importActionMessages.importProblems(count);
      return failed({ intent, notice: { title: message }, data: { problems: report.problems } });
    }
    const message = intent === "check" ? importActionMessages.checked : importActionMessages.imported;
    return succeeded({ intent, notice: { title: message }, data: { problems: [], summary: report.summary } });
  }
}
