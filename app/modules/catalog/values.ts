// The catalogue's kinds of product: value lists and stored shapes the database keeps too.
// app/db/schema.ts imports them for its columns and checks, so this file imports nothing of the app
// but other such lists.

export const genders = ["Donna", "Uomo", "Bambini"] as const;
export type Gender = (typeof genders)[number];

export const subcategories = [
  "pigiama",
  "maglia",
  "calze",
  "slip",
  "reggiseno",
  "panty",
  "t-shirt",
  "canottiera",
  "cappotto",
  "giacca",
  "pantaloni",
  "modellatore",
  "culotte",
  "parigamba",
  "piumino",
  "camicia",
  "kaftano",
  "telo",
  "sciarpa",
  "intero",
  "bikini",
  "gonna",
  "borsa",
] as const;
export type Subcategory = (typeof subcategories)[number];
