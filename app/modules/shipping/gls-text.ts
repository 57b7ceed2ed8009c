// GLS Italy's rules for the text of a parcel (MU162 and GLS's character conversion table): plain
// ASCII letters and digits only, accents folded the way GLS folds them, each field cut to its
// length. The web service refuses or garbles anything else, so every value goes through here.

/** The longest value GLS takes in each field we send. */
export const glsFieldLengths = {
  RagioneSociale: 35,
  Indirizzo: 35,
  Localita: 30,
  Zipcode: 5,
  Provincia: 2,
  NoteSpedizione: 40,
  RiferimentoCliente: 40,
  Email: 70,
  Cellulare1: 10,
  Bda: 11,
} as const;

// Letters NFD does not split into a base letter and a mark, and the German umlauts, which GLS's
// table spells out (ä → ae) instead of dropping the dots.
const spelledOut: Record<string, string> = {
  Ä: "Ae",
  Ö: "Oe",
  Ü: "Ue",
  ä: "ae",
  ö: "oe",
  ü: "ue",
  ß: "ss",
  Æ: "Ae",
  æ: "ae",
  Œ: "OE",
  œ: "oe",
  Ø: "O",
  ø: "o",
  Ł: "L",
  ł: "l",
  Đ: "D",
  đ: "d",
  Ð: "D",
  ð: "d",
  Þ: "T",
  þ: "t",
  ı: "i",
  "’": "'",
  "‘": "'",
};

/** `text` with accents folded to plain ASCII letters: "Città" → "Citta", "Müller" → "Mueller". */
export function foldAccents(text: string): string {
  return text
    .replace(/[ÄÖÜäöüßÆæŒœØøŁłĐđÐðÞþı’‘]/g, (letter) => spelledOut[letter] ?? letter)
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "");
}

function cut(text: string, maxLength: number): string {
  return text.slice(0, maxLength).trim();
}

function clean(text: string, disallowed: RegExp, maxLength: number): string {
  return cut(foldAccents(text).replace(disallowed, " ").replace(/\s+/g, " ").trim(), maxLength);
}

/** A name or a note: letters, digits, spaces and hyphens. */
export function glsText(text: string, maxLength: number): string {
  return clean(text, /[^0-9A-Za-z\s-]/g, maxLength);
}

/** A street or a town, where an apostrophe belongs to the name ("Sant'Angelo", "Via dell'Orso"). */
export function glsPlace(text: string, maxLength: number): string {
  return clean(text, /[^0-9A-Za-z\s']/g, maxLength);
}

/** An e-mail address, lower case. */
export function glsEmail(email: string): string {
  return cut(
    foldAccents(email)
      .toLowerCase()
      .replace(/[^0-9a-z@._+-]/g, ""),
    glsFieldLengths.Email,
  );
}

/** A mobile number for GLS's SMS: its last 10 digits, without the country code or separators. */
export function glsPhone(phone: string): string {
  return phone.replace(/\D/g, "").slice(-glsFieldLengths.Cellulare1);
}

/** The CAP: its digits, at most 5. */
export function glsZipcode(postalCode: string): string {
  return postalCode.replace(/\D/g, "").slice(0, glsFieldLengths.Zipcode);
}

/** The province's two-letter sigla, upper case. */
export function glsProvince(province: string): string {
  return foldAccents(province)
    .replace(/[^A-Za-z]/g, "")
    .toUpperCase()
    .slice(0, glsFieldLengths.Provincia);
}

/** Grams as GLS writes kilograms, with a decimal comma: 1500 → "1,50". Never below "0,01". */
export function glsWeight(grams: number): string {
  const hundredths = Math.max(1, Math.round(grams / 10));
  return `${Math.floor(hundredths / 100)},${String(hundredths % 100).padStart(2, "0")}`;
}

/** `totalGrams` shared between `count` parcels in whole grams, the first ones taking what does not divide. */
export function splitWeight(totalGrams: number, count: number): number[] {
  const base = Math.floor(totalGrams / count);
  const rest = totalGrams - base * count;
  return Array.from({ length: count }, (_, index) => base + (index < rest ? 1 : 0));
}
