import type { ActionResult } from "~/modules/forms/action-result";
import type { ImportProblem } from "./import-row";

// What the import page's form posts and what it gets back; shared by the action
// (import-action.server.ts) and the page.

export const MAX_IMPORT_MEGABYTES = 2;
export const maxImportBytes = MAX_IMPORT_MEGABYTES * 1024 * 1024;
export const maxImportBodyBytes = maxImportBytes + 64 * 1024;

/** Said by the action, by the page's own check before sending, and after a refused post. */
export const importTooLargeMessage = `Il file supera ${MAX_IMPORT_MEGABYTES} MB: dividilo in più file.`;

export type ImportSummaryView = {
  productsCreated: number;
  productsUpdated: number;
  variantsCreated: number;
  variantsUpdated: number;
  priceChanges: number;
};

export type ProductImportIntent = "check" | "import";

/** `problems`: what is wrong with the file, line by line; `summary`: what an import changed. */
export type ProductImportResult = ActionResult<
  ProductImportIntent,
  { problems: ImportProblem[]; summary?: ImportSummaryView }
>;
