import { productIdSchema } from "~/modules/catalog/product-id";
import type { Services } from "~/services.server";
import { productMessages, readProductForm, stockField } from "./product-form";
import {
  duplicateProduct,
  type SaveAnswer,
  type StockChange,
  saveMessages,
  saveProduct,
  setArchived,
  updateStock,
} from "./products.server";

// Every button of the admin's product pages posts an `intent` here (the admin guard records it):
// one place that reads the form and calls products.server.ts. `productId` is the page's product,
// null on the new-product page; the list's buttons carry theirs in the form.

export const productIntents = ["save", "archive", "unarchive", "duplicate", "stock"] as const;
export type ProductIntent = (typeof productIntents)[number];

export type ProductAnswer = SaveAnswer & { intent: ProductIntent | "unknown" };

export async function runProductAction(
  deps: Pick<Services, "db" | "clock">,
  form: FormData,
  pageProductId: number | null,
): Promise<ProductAnswer> {
  const intent = String(form.get("intent") ?? "") as ProductIntent;
  if (!productIntents.includes(intent)) return { intent: "unknown", ok: false, message: "Azione non riconosciuta." };
  const answer = (result: SaveAnswer): ProductAnswer => ({ ...result, intent });

  if (intent === "stock") {
    const changes = readStockChanges(form);
    if (!Array.isArray(changes)) return answer({ ok: false, message: changes.problem });
    return answer(await updateStock(deps.db, changes));
  }

  const parsedId = productIdSchema.safeParse(pageProductId ?? Number(form.get("productId")));
  if (intent === "save") {
    if (pageProductId !== null && !parsedId.success) return answer({ ok: false, message: saveMessages.notFound });
    const read = readProductForm(form);
    if (!read.ok) return answer({ ok: false, fieldErrors: read.fieldErrors, message: saveMessages.invalid });
    return answer(await saveProduct(deps, pageProductId === null ? null : (parsedId.data ?? null), read.product));
  }
  if (!parsedId.success) return answer({ ok: false, message: saveMessages.notFound });
  if (intent === "duplicate") return answer(await duplicateProduct(deps, parsedId.data));
  return answer(await setArchived(deps, parsedId.data, intent === "archive"));
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
