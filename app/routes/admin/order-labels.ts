import { logger } from "~/logger.server";
import { currentAdmin } from "~/modules/accounts/admin-guard.server";
import { labelKeysOfOrders } from "~/modules/orders/labels.server";
import { mergePdfs } from "~/modules/shipping/merge-pdfs.server";
import { services } from "~/services.server";
import { methodNotAllowed } from "../method-not-allowed.server";
import type { Route } from "./+types/order-labels";

/**
 * The labels of the orders named by `ordine` (up to 50), as one PDF to print at once: made here, so
 * streamed by this admin-only route rather than through a signed link.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  currentAdmin(context);
  const { db, files } = services(context);
  const orderIds = new URL(request.url).searchParams.getAll("ordine").slice(0, 50);
  const keys = await labelKeysOfOrders(db, files, orderIds);
  if (keys.length === 0) return plainText(404, "Nessuna etichetta per gli ordini scelti.");
  const labels = (await Promise.all(keys.map((key) => files.read(key)))).filter((bytes) => bytes !== null);
  let merged: Uint8Array;
  try {
    merged = await mergePdfs(labels);
  } catch (error) {
    logger.error({ err: error, orderIds }, "labels not merged");
    return plainText(422, "Un'etichetta non si può leggere: scarica le etichette una per volta dagli ordini.");
  }
  return new Response(Buffer.from(merged), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": 'inline; filename="etichette.pdf"',
      "Cache-Control": "private, no-store",
    },
  });
}

function plainText(status: number, message: string): Response {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}

export const action = () => methodNotAllowed("GET");
