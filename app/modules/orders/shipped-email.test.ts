import { describe, expect, it } from "vitest";
import { orderShippedEmail } from "./shipped-email";

const address = {
  name: "Giulia Bianchi",
  address: "Via Roma 12",
  city: "Saluzzo",
  postalCode: "12037",
  province: "CN",
  country: "Italia",
  phone: "3331234567",
  email: "giulia@example.it",
};
const trackingUrl = (code: string) => `https://tracking.example/?match=${code}`;

describe("the 'spedito' e-mail", () => {
  it("names the order, the address and links the tracking of its parcel", () => {
    const mail = orderShippedEmail(
      {
        id: "a1b2c3d4-0000-4000-8000-000000000000",
        shippingAddress: address,
        parcels: [{ number: "620873098", trackingCode: "CN620873098" }],
      },
      trackingUrl,
      "https://negozio.test",
    );
    expect(mail.to).toBe("giulia@example.it");
    expect(mail.subject).toContain("#a1b2c3d4 è stato spedito");
    expect(mail.text).toContain("Ciao Giulia,");
    expect(mail.text).toContain("Via Roma 12, 12037 Saluzzo (CN)");
    expect(mail.text).toContain("https://tracking.example/?match=CN620873098");
    expect(mail.html).toContain('href="https://tracking.example/?match=CN620873098"');
    expect(mail.text).not.toContain("Gli altri colli");
    expect(mail.text).toContain("Recedi dal contratto qui: https://negozio.test/recesso?ordine=a1b2c3d4");
  });

  it("lists every parcel of a shipment in several parcels", () => {
    const mail = orderShippedEmail(
      {
        id: "a1b2c3d4-0000-4000-8000-000000000000",
        shippingAddress: address,
        parcels: [
          { number: "1", trackingCode: "CN000000001" },
          { number: "2", trackingCode: "CN000000002" },
        ],
      },
      trackingUrl,
      "https://negozio.test",
    );
    expect(mail.text).toContain("in 2 colli");
    expect(mail.text).toContain("Collo 2: CN000000002");
    expect(mail.text).toContain("https://tracking.example/?match=CN000000002");
  });
});
