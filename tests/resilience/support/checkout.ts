// The checkout as a shopper without JavaScript goes through it, over HTTP, for the resilience tests:
// the cart into a checkout session, the form with the summary the page showed, then a reservation
// (pick up and pay in the shop) or an order that goes on to the payment page.
import { hiddenField, type Visitor } from "./visitor";

/** One line of the browser's cart: the product, its size and colour. */
export type CartLine = { id: number; size: string; color: string; quantity: number };

const contact = (email: string) => ({ name: "Nora Gatti", email, phone: "+39 333 123 4567" });

/** The cart into a checkout session, then the checkout page: its summary, or the answer that stopped it. */
async function openCheckout(visitor: Visitor, line: CartLine): Promise<{ seen: string } | { stopped: Response }> {
  const cart = await visitor.post("/checkout", { intent: "cart", cart: JSON.stringify([line]), next: "/checkout" });
  if (cart.status !== 302) return { stopped: cart };
  const page = await visitor.get("/checkout");
  if (page.status !== 200) return { stopped: page };
  return { seen: hiddenField(await page.text(), "seen") };
}

/** The summary step: its page, then its button ('Conferma Prenotazione', 'Completa Ordine e Paga'). */
async function placeOnSummary(visitor: Visitor, information: Response): Promise<Response> {
  if (information.headers.get("location") !== summaryPath) return information;
  const summary = await visitor.get(summaryPath);
  if (summary.status !== 200) return summary;
  return visitor.post(summaryPath, { intent: "place", seen: hiddenField(await summary.text(), "seen") });
}

const summaryPath = "/checkout?passo=pagamento";

/** A reservation: the last answer, 302 to /checkout-success when the order was placed. */
export async function reserve(visitor: Visitor, line: CartLine, email: string): Promise<Response> {
  const opened = await openCheckout(visitor, line);
  if ("stopped" in opened) return opened.stopped;
  const information = await visitor.post("/checkout", {
    seen: opened.seen,
    intent: "information",
    deliveryMethod: "pickup_and_pay",
    ...contact(email),
  });
  return placeOnSummary(visitor, information);
}

/** An order to ship, up to 'Completa Ordine e Paga': the last answer, 302 to the payment page when placed. */
export async function placeForPayment(visitor: Visitor, line: CartLine, email: string): Promise<Response> {
  const opened = await openCheckout(visitor, line);
  if ("stopped" in opened) return opened.stopped;
  const information = await visitor.post("/checkout", {
    seen: opened.seen,
    intent: "information",
    deliveryMethod: "shipping",
    ...contact(email),
    address: "Via Roma 1",
    city: "Bergamo",
    postalCode: "24121",
    province: "BG",
    country: "Italia",
  });
  return placeOnSummary(visitor, information);
}
