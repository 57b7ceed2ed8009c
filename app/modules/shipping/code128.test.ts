import { describe, expect, it } from "vitest";
import { code128Values, code128Widths } from "./code128";

describe("Code 128 B", () => {
  it("frames the characters with start B, the mod-103 check symbol and stop", () => {
    // "A" is value 33; the check is (104 + 33 × 1) mod 103 = 34.
    expect(code128Values("A")).toEqual([104, 33, 34, 106]);
    // Worked by hand: 104 + 55·1 + 73·2 + 75·3 + 73·4 + 80·5 + 69·6 + 68·7 + 73·8 + 65·9 = 3281 ≡ 88.
    expect(code128Values("Wikipedia")).toEqual([104, 55, 73, 75, 73, 80, 69, 68, 73, 65, 88, 106]);
  });

  it("draws each symbol in 11 modules and the stop in 13, starting and ending with a bar", () => {
    const text = "CN620873098";
    const widths = code128Widths(text);
    expect(widths.slice(0, 6)).toEqual([2, 1, 1, 2, 1, 4]);
    expect(widths.slice(-7)).toEqual([2, 3, 3, 1, 1, 1, 2]);
    expect(widths).toHaveLength(6 * (text.length + 2) + 7);
    expect(widths.reduce((sum, width) => sum + width, 0)).toBe(11 * (text.length + 2) + 13);
    // Every symbol value has its own 11-module pattern.
    const symbols = new Set<string>();
    for (let value = 0; value <= 94; value++) {
      const symbol = code128Widths(String.fromCharCode(value + 32)).slice(6, 12);
      expect(symbol.reduce((sum, width) => sum + width, 0)).toBe(11);
      symbols.add(symbol.join(""));
    }
    expect(symbols.size).toBe(95);
  });

  it("refuses what code set B cannot encode", () => {
    expect(() => code128Values("Città")).toThrow(RangeError);
  });
});
