import { describe, expect, it } from "vitest";
import { formatEuro } from "~/modules/format/numbers";
import { shop } from "~/modules/shop/identity";
import { type CancelledOrderForEmail, orderCancelledEmail } from "./cancellation-email";

const order: CancelledOrderForEmail = {
  id: "3f2a9c1e-0b7d-4c1a-9e55-2b8f0c6d7a11",
  deliveryMethod: "shipping",
  paymentStatus: "paid",
  shippingAddress: {
    name: "Anna Neri",
    address: "Via Roma 1",
    city: "Fossano",
    postalCode: "12045",
    country: "Italia",
    phone: "0172 123456",
    email: "anna@example.it",
  },
  items: [
    { productName: "Pigiama in cotone", size: "M", color: "Blu", quantity: 2, unitPriceCents: 2000 },
    { productName: "Calze", size: null, color: null, quantity: 1, unitPriceCents: 1000 },
  ],
  subtotalCents: 5000,
  discounts: [{ code: "first_order", label: "Sconto primo ordine (10%)", amountCents: 500 }],
  shippingCostCents: 790,
  totalCents: 5290,
};

describe("the cancellation e-mail", () => {
  it("tells a paid order's customer it is cancelled, what comes back and which articles", () => {
    const email = orderCancelledEmail(order, 1250);

    expect(email.to).toBe("anna@example.it");
    expect(email.subject).toBe(`Ordine annullato #3f2a9c1e - ${shop.name}`);
    expect(email.text).toContain("Ciao Anna,");
    expect(email.text).toContain("il tuo ordine #3f2a9c1e è stato annullato: non lo spediremo.");
    expect(email.text).toContain(`Ti rimborsiamo ${formatEuro(1250)} sullo stesso mezzo di pagamento`);
    // The order as it was paid, discount included: the same rows as the confirmation.
    expect(email.text).toContain(
      [
        `2 × Pigiama in cotone (taglia M, colore Blu): ${formatEuro(4000)}`,
        `1 × Calze: ${formatEuro(1000)}`,
        `Subtotale: ${formatEuro(5000)}`,
        `Sconto primo ordine (10%): −${formatEuro(500)}`,
        `Spedizione: ${formatEuro(790)}`,
        `Totale (IVA inclusa): ${formatEuro(5290)}`,
      ].join("\n"),
    );
    expect(email.html).toContain(`Ti rimborsiamo ${formatEuro(1250)}`);
  });

  it("promises no money back when nothing is refunded", () => {
    const email = orderCancelledEmail({ ...order, deliveryMethod: "pickup" }, 0);

    expect(email.text).toContain("non lo prepareremo per il ritiro.");
    expect(email.text).not.toContain("rimborsiamo");
  });

  it("tells a customer who never completed the payment that nothing was charged", () => {
    const email = orderCancelledEmail({ ...order, paymentStatus: "pending" }, 0);

    expect(email.text).toContain("non ti è stato addebitato nulla");
  });

  it("tells a reservation's customer that the articles are no longer held", () => {
    const email = orderCancelledEmail(
      { ...order, deliveryMethod: "pickup_and_pay", paymentStatus: "to_be_paid_in_store" },
      0,
    );

    expect(email.text).toContain("la tua prenotazione #3f2a9c1e è stata annullata");
    expect(email.text).toContain("non devi pagare nulla");
    expect(email.text).not.toContain("addebitato");
  });
});
