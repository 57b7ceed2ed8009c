// Who the shop is. Everything a customer reads about the shop itself (name, seller, address,
// hours, contacts) starts from this one object, so another shop deploys by editing this file;
// the details staff may change (contacts, hours, links) are settings whose defaults come from here
// (modules/settings), and pages read them through the settings. The story and staff texts, which
// only the home and about pages show, are in story.ts so they stay out of every other page's code.

export type Weekday = "monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday" | "sunday";

/** Opening and closing time of one stretch of a day, "HH:MM" in the shop's local time. */
export type TimeRange = { opens: string; closes: string };

/** A day with no ranges is a closed day. */
export type OpeningHours = Record<Weekday, TimeRange[]>;

export type ShopIdentity = {
  name: string;
  tagline: string;
  foundedYear: number;
  seller: {
    legalName: string;
    vatNumber: string;
    rea: string;
  };
  address: {
    street: string;
    postalCode: string;
    town: string;
    province: string;
    region: string;
    country: string;
    countryCode: string;
  };
  geo: { latitude: number; longitude: number };
  phone: { display: string; international: string };
  email: string;
  openingHours: OpeningHours;
  social: { instagram: string; facebook: string };
  /** WhatsApp number in international format, digits only, as wa.me wants it. */
  whatsappNumber: string;
  sizeConsultationBookingUrl: string;
  rating: { value: number; count: number };
};

const morningAndAfternoon: TimeRange[] = [
  { opens: "09:00", closes: "13:00" },
  { opens: "15:30", closes: "19:30" },
];

export const shop: ShopIdentity = {
  name: "Vetrina",
  tagline: "Intimo e abbigliamento dal 1978",
  foundedYear: 1978,
  seller: {
    legalName: "Vetrina S.n.c. di Anna Bruno & C.",
    vatNumber: "02987610041",
    rea: "CN-254318",
  },
  address: {
    street: "Via Roma 24",
    postalCode: "12045",
    town: "Fossano",
    province: "CN",
    region: "Piemonte",
    country: "Italia",
    countryCode: "IT",
  },
  geo: { latitude: 44.5497, longitude: 7.7226 },
  phone: { display: "0172 634 218", international: "+390172634218" },
  email: "info@vetrinafossano.it",
  openingHours: {
    monday: morningAndAfternoon,
    tuesday: morningAndAfternoon,
    wednesday: morningAndAfternoon,
    thursday: [{ opens: "09:00", closes: "13:00" }],
    friday: morningAndAfternoon,
    saturday: morningAndAfternoon,
    sunday: [],
  },
  social: {
    instagram: "https://www.instagram.com/vetrinafossano",
    facebook: "https://www.facebook.com/vetrinafossano",
  },
  whatsappNumber: "393401265874",
  sizeConsultationBookingUrl: "https://calendly.com/vetrinafossano/consulenza-taglia",
  rating: { value: 4.9, count: 53 },
};

/** The address on one line, as Italians write it: "Via Roma 24, 12045 Fossano (CN)". */
export function formatAddress(address: ShopIdentity["address"] = shop.address): string {
  return `${address.street}, ${address.postalCode} ${address.town} (${address.province})`;
}

/** A WhatsApp chat with the shop, opened with `message` already typed. */
export function whatsappLink(message: string, number: string = shop.whatsappNumber): string {
  return `https://wa.me/${number}?text=${encodeURIComponent(message)}`;
}
