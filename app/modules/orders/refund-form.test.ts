import { describe, expect, it } from "vitest";
import { euroInputText } from "~/modules/forms/euro-amount";
import { readRefundAmount } from "./refund-form";

describe("the refund amount staff type", () => {
  it.each([
    ["12,50", 1250],
    ["12.5", 1250],
    ["12", 1200],
    ["0,07", 7],
    [" 57,90 € ", 5790],
    ["1.000,00", 100000],
    ["", 0],
  ])("reads %j as %i cents", (text, cents) => {
    expect(readRefundAmount(text)).toEqual({ ok: true, cents });
  });

  it.each(["-5", "12,505", "1.000,0000", "abc", "12,"])("refuses %j", (text) => {
    expect(readRefundAmount(text)).toEqual({ ok: false, message: "Indica l'importo in euro, ad esempio 12,50." });
  });

  it.each(["1000000", "1.000.000,00", "99999999999999999999"])(
    "says %j is too high, not that it is no amount",
    (text) => {
      expect(readRefundAmount(text)).toEqual({
        ok: false,
        message: "L'importo è troppo alto: al massimo 999.999,99\u00a0€.",
      });
    },
  );

  it("shows cents back as Italians write them", () => {
    expect(euroInputText(5790)).toBe("57,90");
    expect(euroInputText(7)).toBe("0,07");
  });
});
