import { describe, expect, it } from "vitest";
import { formatEuro } from "~/modules/format/numbers";
import { shop } from "~/modules/shop/identity";
import { orderRefundEmail, type RefundedOrderForEmail } from "./refund-email";

const order: RefundedOrderForEmail = {
  id: "3f2a9c1e-0b7d-4c1a-9e55-2b8f0c6d7a11",
  deliveryMethod: "shipping",
  shippingAddress: {
    name: "Anna Neri",
    address: "Via Roma 1",
    city: "Fossano",
    postalCode: "12045",
    country: "Italia",
    phone: "0172 123456",
    email: "anna@example.it",
  },
  items: [{ productName: "Pigiama in cotone", size: "M", color: "Blu", quantity: 2, unitPriceCents: 2000 }],
  subtotalCents: 4000,
  discounts: [{ code: "first_order", label: "Sconto primo ordine (10%)", amountCents: 400 }],
  shippingCostCents: 790,
  totalCents: 4390,
};

describe("the refund e-mail", () => {
  it("says how much comes back and how, with the order as it was paid", () => {
    const email = orderRefundEmail(order, { amountCents: 1000, refundedCents: 1000, paidCents: 4390 });

    expect(email.to).toBe("anna@example.it");
    expect(email.subject).toBe(`Rimborso per l'ordine #3f2a9c1e - ${shop.name}`);
    expect(email.text).toContain("Ciao Anna,");
    expect(email.text).toContain(
      `ti abbiamo rimborsato ${formatEuro(1000)} per l'ordine #3f2a9c1e, sullo stesso mezzo di pagamento che hai usato.`,
    );
    expect(email.text).not.toContain("In tutto");
    expect(email.text).toContain(
      [
        `2 × Pigiama in cotone (taglia M, colore Blu): ${formatEuro(4000)}`,
        `Subtotale: ${formatEuro(4000)}`,
        `Sconto primo ordine (10%): −${formatEuro(400)}`,
        `Spedizione: ${formatEuro(790)}`,
        `Totale (IVA inclusa): ${formatEuro(4390)}`,
      ].join("\n"),
    );
  });

  it("after an earlier refund, says how much has come back in all", () => {
    const email = orderRefundEmail(order, { amountCents: 1500, refundedCents: 2500, paidCents: 4390 });
    expect(email.text).toContain(
      `In tutto ti abbiamo rimborsato ${formatEuro(2500)} dei ${formatEuro(4390)} che hai pagato.`,
    );
  });

  it("says so when everything paid has come back", () => {
    const email = orderRefundEmail(order, { amountCents: 3390, refundedCents: 4390, paidCents: 4390 });
    expect(email.text).toContain(
      `Con questo rimborso ti abbiamo restituito tutto quello che hai pagato, ${formatEuro(4390)}.`,
    );
  });
});
