import { describe, expect, it } from "vitest";
import { isValidPartitaIva } from "./partita-iva";

describe("isValidPartitaIva", () => {
  it("accepts numbers whose last digit is the check digit", () => {
    expect(isValidPartitaIva("00743110157")).toBe(true);
    expect(isValidPartitaIva("12345678903")).toBe(true);
  });

  it("rejects a wrong check digit, wrong length and non-digits", () => {
    expect(isValidPartitaIva("00743110158")).toBe(false);
    expect(isValidPartitaIva("0074311015")).toBe(false);
    expect(isValidPartitaIva("007431101577")).toBe(false);
    expect(isValidPartitaIva("0074311015a")).toBe(false);
  });
});
