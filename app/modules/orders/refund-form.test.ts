import { describe, expect, it } from "vitest";
import { readRefundAmount, refundAmountText } from "./refund-form";

describe("the refund amount staff type", () => {
  it.each([
    ["12,50", 1250],
    ["12.5", 1250],
    ["12", 1200],
    ["0,07", 7],
    [" 57,90 € ", 5790],
    ["", 0],
  ])("reads %j as %i cents", (text, cents) => {
    expect(readRefundAmount(text)).toEqual({ ok: true, cents });
  });

  it.each(["-5", "12,505", "1.000,00", "abc", "12,", "9999999"])("refuses %j", (text) => {
    expect(readRefundAmount(text)).toEqual({ ok: false, message: "Indica l'importo in euro, ad esempio 12,50." });
  });

  it("shows cents back as Italians write them", () => {
    expect(refundAmountText(5790)).toBe("57,90");
    expect(refundAmountText(7)).toBe("0,07");
  });
});
