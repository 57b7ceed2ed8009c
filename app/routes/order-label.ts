import { redirect } from "react-router";
import { getCurrentUser } from "~/modules/accounts/session.server";
import { findLabel, LABEL_DOWNLOAD_SECONDS } from "~/modules/orders/labels.server";
import { services } from "~/services.server";
import type { Route } from "./+types/order-label";
import { methodNotAllowed } from "./method-not-allowed.server";

function plainText(status: number, message: string): Response {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}

/**
 * The shipping label of an order, for the customer who placed it or an admin:
 * after the checks, a redirect to the store's signed link of the file, or that
 * link as JSON for the page's download button (LabelDownloadLink), which opens it itself.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  if (!user) return plainText(401, "Accedi al tuo account per scaricare l'etichetta.");
  const { db, files, clock } = services(context);
  const label = await findLabel(db, files, params.orderId, user, {
    query: new URL(request.url).searchParams,
    now: clock.now(),
  });
  if (!label.found) {
    if (label.reason === "no-order") return plainText(404, "Ordine non trovato.");
    if (label.reason === "bad-link")
      return plainText(403, "Link dell'etichetta non valido: scaricala dalla pagina dell'ordine.");
    if (label.reason === "expired-link")
      return plainText(403, "Il link dell'etichetta è scaduto: ricarica la pagina e riprova.");
    // The two messages for a label that cannot be had, staff's and customers'.
    return plainText(
      404,
      user.role === "admin" ? "URL etichetta non trovato." : "URL etichetta firmato non ricevuto dalla funzione.",
    );
  }
  const url = await files.signedUrl(label.key, {
    expiresInSeconds: LABEL_DOWNLOAD_SECONDS,
    downloadName: label.downloadName,
    now: clock.now(),
  });
  const headers = { "Cache-Control": "private, no-store" };
  if (request.headers.get("Accept")?.includes("application/json")) return Response.json({ url }, { headers });
  return redirect(url, { status: 303, headers });
}

export const action = () => methodNotAllowed("GET");
