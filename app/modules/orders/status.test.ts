import { describe, expect, it } from "vitest";
import { orderStatuses, paymentStatuses } from "~/db/schema";
import { customerOrderStatusLabel, orderStatusLabel, paymentStatusLabel, statusTone } from "./status";

describe("orderStatusLabel", () => {
  it.each([
    ["processing", "In Lavorazione"],
    ["shipped", "Spedito"],
    ["gls_closed", "Chiuso (GLS)"],
    ["completed", "Completato"],
    ["cancelled", "Annullato"],
    ["payment_failed", "Pagamento Fallito"],
    ["pending_payment", "In Attesa di Pagamento"],
    ["reserved", "Riservato (Paga in Negozio)"],
  ])("%s → %s", (status, label) => {
    expect(orderStatusLabel(status)).toBe(label);
  });

  it("ignores letter case and shows an unknown status as it is", () => {
    expect(orderStatusLabel("SHIPPED")).toBe("Spedito");
    expect(orderStatusLabel("Reserved")).toBe("Riservato (Paga in Negozio)");
    expect(orderStatusLabel("on_hold")).toBe("on_hold");
  });

  it("has a label for every status the database allows", () => {
    for (const status of orderStatuses) expect(orderStatusLabel(status)).not.toBe(status);
  });
});

describe("customerOrderStatusLabel", () => {
  it("says the courier's closed day in a customer's words, and every other status as staff read it", () => {
    expect(customerOrderStatusLabel("gls_closed")).toBe("In viaggio");
    expect(customerOrderStatusLabel("GLS_CLOSED")).toBe("In viaggio");
    for (const status of orderStatuses) {
      expect(customerOrderStatusLabel(status)).not.toMatch(/GLS/);
      if (status !== "gls_closed") expect(customerOrderStatusLabel(status)).toBe(orderStatusLabel(status));
    }
  });
});

describe("paymentStatusLabel", () => {
  it.each([
    ["paid", "Pagato"],
    ["pending", "In Attesa"],
    ["failed", "Fallito"],
    ["to_be_paid_in_store", "Da Pagare in Negozio"],
    ["PAID", "Pagato"],
    ["paid_in_store", "Pagato in Negozio"],
    ["refunded", "Rimborsato"],
    ["partially_refunded", "Rimborsato in parte"],
    ["on_hold", "on_hold"],
  ])("%s → %s", (status, label) => {
    expect(paymentStatusLabel(status)).toBe(label);
  });

  it("gives every payment status a tone, and an unknown one the neutral tone", () => {
    for (const status of paymentStatuses) expect(statusTone(status)).not.toBe("neutral");
    expect(statusTone("Completed")).toBe("positive");
    expect(statusTone("whatever")).toBe("neutral");
  });
});
