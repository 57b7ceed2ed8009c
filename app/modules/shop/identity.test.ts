import { describe, expect, it } from "vitest";
import { formatAddress, isValidPartitaIva, shop, whatsappLink } from "./identity";

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

describe("shop identity", () => {
  it("has a valid partita IVA", () => {
    expect(isValidPartitaIva(shop.seller.vatNumber)).toBe(true);
  });

  it("opened in 1978 and shows 4.9 from 53 reviews", () => {
    expect(shop.foundedYear).toBe(1978);
    expect(shop.rating).toEqual({ value: 4.9, count: 53 });
  });

  it("has four staff members, each with role and description", () => {
    expect(shop.staff).toHaveLength(4);
    for (const member of shop.staff) {
      expect(member.name && member.role && member.description).toBeTruthy();
    }
  });

  it("keeps the opening hours of the spec", () => {
    const fullDay = [
      { opens: "09:00", closes: "13:00" },
      { opens: "15:30", closes: "19:30" },
    ];
    expect(shop.openingHours).toEqual({
      monday: fullDay,
      tuesday: fullDay,
      wednesday: fullDay,
      thursday: [{ opens: "09:00", closes: "13:00" }],
      friday: fullDay,
      saturday: fullDay,
      sunday: [],
    });
  });
});

describe("formatAddress", () => {
  it("writes the address on one line", () => {
    expect(formatAddress()).toBe("Via Roma 24, 12045 Fossano (CN)");
  });
});

describe("whatsappLink", () => {
  it("opens a chat with the shop with the message prefilled and encoded", () => {
    expect(whatsappLink("Ciao, è disponibile la taglia M?", "391234567890")).toBe(
      "https://wa.me/391234567890?text=Ciao%2C%20%C3%A8%20disponibile%20la%20taglia%20M%3F",
    );
  });
});
