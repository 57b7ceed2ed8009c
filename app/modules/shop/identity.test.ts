import { describe, expect, it } from "vitest";
import { shopStaff } from "~/modules/marketing/story";
import { formatAddress, shop, whatsappLink } from "./identity";
import { isValidPartitaIva } from "./partita-iva";

// Another shop deploys by editing identity.ts: these tests check that what it wrote can be used
// (a valid partita IVA, well-formed hours, contacts and links), never this shop's own values.
describe("shop identity", () => {
  it("names the seller as Italian law asks: legal name, valid partita IVA, REA number", () => {
    expect(shop.seller.legalName.trim()).not.toBe("");
    expect(isValidPartitaIva(shop.seller.vatNumber)).toBe(true);
    expect(shop.seller.rea).toMatch(/^[A-Z]{2}[- ]?\d{1,7}$/);
  });

  it("has an Italian postal address, coordinates and contacts that links can use", () => {
    expect(shop.address.postalCode).toMatch(/^\d{5}$/);
    expect(shop.address.province).toMatch(/^[A-Z]{2}$/);
    expect(shop.address.countryCode).toMatch(/^[A-Z]{2}$/);
    expect(Math.abs(shop.geo.latitude)).toBeLessThanOrEqual(90);
    expect(Math.abs(shop.geo.longitude)).toBeLessThanOrEqual(180);
    expect(shop.phone.international).toMatch(/^\+\d{8,15}$/);
    expect(shop.whatsappNumber).toMatch(/^\d{8,15}$/);
    expect(shop.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i);
    for (const url of [...Object.values(shop.social), shop.sizeConsultationBookingUrl]) {
      expect(new URL(url).protocol).toBe("https:");
    }
  });

  it("has a founding year, a rating and staff the pages can show", () => {
    expect(Number.isInteger(shop.foundedYear)).toBe(true);
    expect(shop.foundedYear).toBeLessThanOrEqual(new Date().getFullYear());
    expect(shop.rating.value).toBeGreaterThanOrEqual(0);
    expect(shop.rating.value).toBeLessThanOrEqual(5);
    expect(Number.isInteger(shop.rating.count) && shop.rating.count >= 0).toBe(true);
    for (const member of shopStaff) {
      expect(member.name && member.role && member.description).toBeTruthy();
    }
  });

  it("has opening hours as ordered, non-overlapping HH:MM ranges for every day", () => {
    expect(Object.keys(shop.openingHours).sort()).toEqual([
      "friday",
      "monday",
      "saturday",
      "sunday",
      "thursday",
      "tuesday",
      "wednesday",
    ]);
    for (const ranges of Object.values(shop.openingHours)) {
      let previousClose = "00:00";
      for (const { opens, closes } of ranges) {
        expect(opens).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
        expect(closes).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
        expect(opens >= previousClose && opens < closes).toBe(true);
        previousClose = closes;
      }
    }
  });
});

describe("formatAddress", () => {
  it("writes an address on one line", () => {
    const address = { ...shop.address, street: "Corso Italia 3", postalCode: "10121", town: "Torino", province: "TO" };
    expect(formatAddress(address)).toBe("Corso Italia 3, 10121 Torino (TO)");
  });
});

describe("whatsappLink", () => {
  it("opens a chat with the shop with the message prefilled and encoded", () => {
    expect(whatsappLink("Ciao, è disponibile la taglia M?", "391234567890")).toBe(
      "https://wa.me/391234567890?text=Ciao%2C%20%C3%A8%20disponibile%20la%20taglia%20M%3F",
    );
  });
});
