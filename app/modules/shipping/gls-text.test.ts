import { describe, expect, it } from "vitest";
import {
  foldAccents,
  glsEmail,
  glsPhone,
  glsPlace,
  glsProvince,
  glsText,
  glsWeight,
  glsZipcode,
  splitWeight,
} from "./gls-text";

describe("GLS text rules", () => {
  it("folds accents as GLS's conversion table does", () => {
    expect(foldAccents("Città Niccolò Perché È")).toBe("Citta Niccolo Perche E");
    expect(foldAccents("Müller Köln Straße Ærø Łódź")).toBe("Mueller Koeln Strasse Aero Lodz");
    expect(foldAccents("Çağrı Ñandú")).toBe("Cagri Nandu");
  });

  it("keeps only letters, digits, spaces and hyphens in a name, and cuts it to its length", () => {
    expect(glsText("Anna   D'Amico & Figlî <s.r.l.>", 35)).toBe("Anna D Amico Figli s r l");
    expect(glsText("Maria-Grazia Bianchi Colombo Esposito Romano", 35)).toBe("Maria-Grazia Bianchi Colombo Esposi");
    // A cut that ends on a space leaves no trailing blank.
    expect(glsText("Maria-Grazia Bianchi Colombo Espos Romano", 35)).toBe("Maria-Grazia Bianchi Colombo Espos");
  });

  it("keeps the apostrophe in streets and towns", () => {
    expect(glsPlace("Via dell'Orso, 12/B", 35)).toBe("Via dell'Orso 12 B");
    expect(glsPlace("Sant’Angelo a Cupolo", 30)).toBe("Sant'Angelo a Cupolo");
    expect(glsPlace("Frazione San Giovanni Battista della Montagna", 30)).toBe("Frazione San Giovanni Battista");
  });

  it("writes an e-mail in lower case, at most 70 characters", () => {
    expect(glsEmail(" Anna.Rossi+Ordini@Esempio.IT ")).toBe("anna.rossi+ordini@esempio.it");
    expect(glsEmail(`${"a".repeat(80)}@x.it`)).toHaveLength(70);
  });

  it("sends the last 10 digits of a phone number", () => {
    expect(glsPhone("+39 340 123 4567")).toBe("3401234567");
    expect(glsPhone("0039 (0172) 63.42.18")).toBe("0172634218");
  });

  it("cleans the CAP and the province", () => {
    expect(glsZipcode(" 12045 ")).toBe("12045");
    expect(glsZipcode("I-00184x")).toBe("00184");
    expect(glsProvince(" cn ")).toBe("CN");
  });

  it("writes weights in kilograms with a decimal comma", () => {
    expect(glsWeight(1500)).toBe("1,50");
    expect(glsWeight(12_345)).toBe("12,35");
    expect(glsWeight(750)).toBe("0,75");
    expect(glsWeight(3)).toBe("0,01");
  });

  it("splits a weight between parcels without losing a gram", () => {
    expect(splitWeight(1000, 3)).toEqual([334, 333, 333]);
    expect(splitWeight(900, 1)).toEqual([900]);
  });
});
