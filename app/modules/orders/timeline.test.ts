import { describe, expect, it } from "vitest";
import { actorLabel, paymentEventText, statusChangeText } from "./timeline";

describe("the order timeline's words", () => {
  it("says what changed, from which status to which", () => {
    expect(
      statusChangeText({
        event: "shipment_created",
        fromStatus: "processing",
        toStatus: "shipped",
        paymentStatus: "paid",
      }),
    ).toBe("Spedizione creata: In Lavorazione → Spedito (pagamento: Pagato)");
    expect(
      statusChangeText({
        event: "placed",
        fromStatus: null,
        toStatus: "reserved",
        paymentStatus: "to_be_paid_in_store",
      }),
    ).toBe("Ordine ricevuto: Riservato (Paga in Negozio) (pagamento: Da Pagare in Negozio)");
  });

  it("names who did it", () => {
    const staff = new Map([["u1", "ada@negozio.it"]]);
    expect(actorLabel("staff:u1", staff)).toBe("ada@negozio.it");
    expect(actorLabel("staff:gone", staff)).toBe("Staff (account eliminato)");
    expect(actorLabel("customer:u9", staff)).toBe("Cliente");
    expect(actorLabel("customer", staff)).toBe("Cliente");
    expect(actorLabel("system", staff)).toBe("Sistema");
    expect(actorLabel("stripe:evt_1", staff)).toBe("Stripe");
    expect(actorLabel("sandbox:session-not-created", staff)).toBe("Pagamento di prova");
  });

  it("names the payment provider's events", () => {
    expect(paymentEventText({ provider: "stripe", type: "checkout.session.completed" })).toBe(
      "Evento di pagamento da Stripe: checkout.session.completed",
    );
  });
});
