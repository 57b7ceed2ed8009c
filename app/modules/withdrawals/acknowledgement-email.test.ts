import { describe, expect, it } from "vitest";
import { defaultPublicSettings } from "~/modules/settings/shop-settings";
import { type WithdrawalForEmail, withdrawalAcknowledgementEmail } from "./acknowledgement-email";

const bikini = {
  productName: "Bikini Mare",
  size: "M",
  color: "Blu",
  quantity: 1,
  unitPriceCents: 4900,
  hygieneSealed: true,
};
const withdrawal: WithdrawalForEmail = {
  requestId: "11111111-2222-4333-8444-555555555555",
  orderId: "a1b2c3d4-0000-4000-8000-000000000000",
  deliveryMethod: "shipping",
  name: "Giulia Bianchi",
  email: "giulia@example.it",
  wholeOrder: false,
  // 14:05 in Italy (CET, UTC+1).
  receivedAt: new Date("2026-11-23T13:05:00Z"),
  items: [bikini],
};

describe("the withdrawal acknowledgement", () => {
  it("states the order, the name, the items and the date and time in Italian time", () => {
    const mail = withdrawalAcknowledgementEmail(withdrawal, "https://negozio.test", defaultPublicSettings);
    expect(mail.to).toBe("giulia@example.it");
    expect(mail.subject).toBe("Recesso ricevuto per l'ordine #a1b2c3d4 - Vetrina");
    expect(mail.text).toContain("Data e ora del recesso: 23/11/2026, 14:05");
    expect(mail.text).toContain("Nome: Giulia Bianchi");
    expect(mail.text).toContain("1 × Bikini Mare (taglia M, colore Blu)");
    expect(mail.text).toContain("solo se il sigillo è intatto");
    expect(mail.text).toContain("Il reso costa 7,90");
    expect(mail.text).toContain("https://negozio.test/recesso?richiesta=11111111-2222-4333-8444-555555555555");
  });

  it("tells a reservation it is cancelled, with nothing to send back", () => {
    const mail = withdrawalAcknowledgementEmail(
      { ...withdrawal, deliveryMethod: "pickup_and_pay", items: [{ ...bikini, hygieneSealed: false }] },
      "https://negozio.test",
      defaultPublicSettings,
    );
    expect(mail.text).toContain("La prenotazione è annullata");
    expect(mail.text).not.toContain("Il reso costa");
  });
});
