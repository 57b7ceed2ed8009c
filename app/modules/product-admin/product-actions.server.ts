import { productIdSchema } from "~/modules/catalog/product-id";
import { type ActionResult, failed, handleIntent, succeeded } from "~/modules/forms/action-result";
import type { Services } from "~/services.server";
import { productMessages, readProductForm, stockField } from "./product-form";
import {
  duplicateProduct,
  type SaveOutcome,
  type StockChange,
  saveMessages,
  saveProduct,
  setArchived,
  updateStock,
} from "./products.server";

// Every button of the admin's product pages posts an `intent` here (the admin guard records it):
// one place that reads the form and calls products.server.ts. `productId` is the page's product,
// null on the new-product page; the list's buttons carry theirs in the form.

export type ProductIntent = "save" | "archive" | "unarchive" | "duplicate" | "stock";

/** The answer of a product's action; `productId`, the product saved, created or copied. */
export type ProductResult = ActionResult<ProductIntent, { productId: number }>;

export async function runProductAction(
  deps: Pick<Services, "db" | "clock">,
  form: FormData,
  pageProductId: number | null,
): Promise<ProductResult> {
  const answer = (intent: ProductIntent, outcome: SaveOutcome): ProductResult =>
    outcome.ok
      ? succeeded({ intent, notice: { title: outcome.message }, data: { productId: outcome.productId } })
      : failed({ intent, notice: { title: outcome.message }, fieldErrors: outcome.fieldErrors });
  const notFound = (intent: ProductIntent) => answer(intent, { ok: false, message: saveMessages.notFound });
  const parsedId = productIdSchema.safeParse(pageProductId ?? Number(form.get("productId")));
  /** An action on the page's product, or on the one the list's button names. */
  const ofProduct = (run: (productId: number) => Promise<SaveOutcome>) => async (intent: ProductIntent) =>
    parsedId.success ? answer(intent, await run(parsedId.data)) : notFound(intent);

  return handleIntent(form, {
    stock: async (intent) => {
      const changes = readStockChanges(form);
      if (!Array.isArray(changes)) return answer(intent, { ok: false, message: changes.problem });
      return answer(intent, await updateStock(deps.db, changes));
    },
    save: async (intent) => {
      if (pageProductId !== null && !parsedId.success) return notFound(intent);
      const read = readProductForm(form);
      if (!read.ok) return answer(intent, { ok: false, fieldErrors: read.fieldErrors, message: saveMessages.invalid });
      return answer(
        intent,
        await saveProduct(deps, pageProductId === null ? null : (parsedId.data ?? null), read.product),
      );
    },
    duplicate: ofProduct((productId) => duplicateProduct(deps, productId)),
    archive: ofProduct((productId) => setArchived(deps, productId, true)),
    unarchive: ofProduct((productId) => setArchived(deps, productId, false)),
  });
}

/**
 * The list's stock inputs: "stock-<variant id>" with "seen-<variant id>", the stock the page showed.
 * A stock that is not a whole number from 0 up, or is above the limit, refuses them all, saying which.
 */
function readStockChanges(form: FormData): StockChange[] | { problem: string } {
  const changes: StockChange[] = [];
  for (const [name, value] of form) {
    const match = /^stock-(\d{1,9})$/.exec(name);
    if (!match) continue;
    const stock = stockField.safeParse(typeof value === "string" ? value : "");
    if (!stock.success) return { problem: stock.error.issues[0]?.message ?? productMessages.stock };
    const seen = form.get(`seen-${match[1]}`);
    if (typeof seen !== "string" || !/^\d{1,9}$/.test(seen)) return { problem: productMessages.stock };
    changes.push({ variantId: Number(match[1]), stock: stock.data, stockSeen: Number(seen) });
  }
  return changes;
}
