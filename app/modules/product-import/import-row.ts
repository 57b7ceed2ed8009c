import { z } from "zod";
import { genders, subcategories } from "~/modules/catalog/values";
import { readTypedEuroCents } from "~/modules/forms/euro-amount";
import {
  priceRuleProblem,
  productLimits,
  productMessages,
  skuPattern,
  stockField,
} from "~/modules/product-admin/product-form";

// One row of the products sheet is one variant (a colour and size with its stock) and repeats its
// product's columns. It keeps the product form's limits and price rule (modules/product-admin), so
// whatever a sheet brings in, the form can save again; the messages name the sheet's columns.

export const importColumns = [
  {
    name: "sku_prodotto",
    example: "ESEMPIO-001",
    help: "Codice del prodotto: righe con lo stesso codice sono lo stesso prodotto.",
  },
  { name: "nome", example: "Pigiama in cotone", help: "Nome mostrato nel negozio." },
  { name: "genere", example: "Donna", help: `Uno tra ${genders.join(", ")}.` },
  { name: "sottocategoria", example: "pigiama", help: `Una tra ${subcategories.join(", ")}.` },
  { name: "marca", example: "Lovable", help: "Marca del prodotto." },
  { name: "descrizione", example: "Pigiama lungo in cotone pettinato.", help: "Facoltativa." },
  {
    name: "prezzo",
    example: "39,90",
    help: "In euro, con la virgola. Vuoto: prodotto senza prezzo, non acquistabile.",
  },
  {
    name: "prezzo_originale",
    example: "49,90",
    help: "Prezzo di riferimento barrato, in euro, più alto del prezzo. Vuoto: nessuno sconto. La percentuale di sconto si calcola da sola.",
  },
  { name: "sku_variante", example: "ESEMPIO-001-BLU-M", help: "Codice della variante, unico in tutto il catalogo." },
  { name: "colore", example: "Blu", help: "Nome del colore." },
  { name: "codice_colore", example: "#1f3a93", help: "Colore nel formato #rrggbb." },
  { name: "taglia", example: "M", help: "Taglia della variante." },
  { name: "giacenza", example: "12", help: "Pezzi disponibili: numero intero da 0 in su." },
] as const;

export type ImportColumn = (typeof importColumns)[number]["name"];
export const importColumnNames: ImportColumn[] = importColumns.map((column) => column.name);

/** A problem of the file, at a line (1 is the header) and, when it is one cell's, its column. */
export type ImportProblem = { line: number; column: ImportColumn | null; message: string };

export const rowMessages = {
  skuMissing: (what: "prodotto" | "variante") =>
    `Manca lo SKU ${what === "prodotto" ? "del prodotto" : "della variante"}.`,
  skuFormat: "Lo SKU può avere solo lettere, cifre, punti, trattini e trattini bassi, fino a 64 caratteri.",
  nameMissing: "Manca il nome del prodotto.",
  nameTooLong: `Il nome può avere al massimo ${productLimits.name} caratteri.`,
  gender: `Il genere deve essere uno tra ${genders.join(", ")}.`,
  subcategory: `La sottocategoria deve essere una tra ${subcategories.join(", ")}.`,
  brandMissing: "Manca la marca.",
  brandTooLong: `La marca può avere al massimo ${productLimits.brand} caratteri.`,
  descriptionTooLong: `La descrizione può avere al massimo ${productLimits.text} caratteri.`,
  price: "Il prezzo deve essere un importo in euro da 0 in su, ad esempio 39,90.",
  originalPrice: "Il prezzo originale deve essere un importo in euro da 0 in su, ad esempio 49,90.",
  colorMissing: "Manca il colore.",
  colorTooLong: `Il colore può avere al massimo ${productLimits.colorName} caratteri.`,
  colorCode: "Il codice colore deve essere nel formato #rrggbb, ad esempio #1f3a93.",
  sizeMissing: "Manca la taglia.",
  sizeTooLong: `La taglia può avere al massimo ${productLimits.size} caratteri.`,
};

const sku = (what: "prodotto" | "variante") =>
  z.string().trim().min(1, rowMessages.skuMissing(what)).regex(skuPattern, rowMessages.skuFormat);

const euro = (message: string) =>
  z
    .string()
    .trim()
    .transform((text, context) => {
      if (text === "") return null;
      const typed = readTypedEuroCents(text);
      if (typed.ok) return typed.cents;
      context.addIssue({ code: "custom", message: typed.tooHigh ? productMessages.priceTooHigh : message });
      return z.NEVER;
    });

/** Matches a name case-insensitively to one of `values`, so "donna" and "PIGIAMA" are read as the list spells them. */
const oneOf = <T extends string>(values: readonly T[], message: string) =>
  z
    .string()
    .trim()
    .transform((text, context) => {
      const found = values.find((value) => value.toLowerCase() === text.toLowerCase());
      if (!found) context.addIssue({ code: "custom", message });
      return found as T;
    });

export const importRowSchema = z
  .object({
    sku_prodotto: sku("prodotto"),
    nome: z.string().trim().min(1, rowMessages.nameMissing).max(productLimits.name, rowMessages.nameTooLong),
    genere: oneOf(genders, rowMessages.gender),
    sottocategoria: oneOf(subcategories, rowMessages.subcategory),
    marca: z.string().trim().min(1, rowMessages.brandMissing).max(productLimits.brand, rowMessages.brandTooLong),
    descrizione: z.string().trim().max(productLimits.text, rowMessages.descriptionTooLong),
    prezzo: euro(rowMessages.price),
    prezzo_originale: euro(rowMessages.originalPrice),
    sku_variante: sku("variante"),
    colore: z.string().trim().min(1, rowMessages.colorMissing).max(productLimits.colorName, rowMessages.colorTooLong),
    codice_colore: z
      .string()
      .trim()
      .regex(/^#[0-9a-fA-F]{6}$/, rowMessages.colorCode)
      .transform((code) => code.toLowerCase()),
    taglia: z.string().trim().min(1, rowMessages.sizeMissing).max(productLimits.size, rowMessages.sizeTooLong),
    giacenza: stockField,
  })
  .superRefine((row, context) => {
    const problem = priceRuleProblem({ priceCents: row.prezzo, originalPriceCents: row.prezzo_originale });
    if (problem) context.addIssue({ code: "custom", path: ["prezzo_originale"], message: problem.message });
  });

export type ImportRowValues = z.output<typeof importRowSchema>;

/** A row's product and variant, as the database keeps them. */
export type ImportRow = {
  line: number;
  product: {
    sku: string;
    name: string;
    gender: (typeof genders)[number];
    subcategory: (typeof subcategories)[number];
    brand: string;
    description: string;
    priceCents: number | null;
    originalPriceCents: number | null;
  };
  variant: { sku: string; colorName: string; colorCode: string; size: string; stock: number };
};

/** Cells that start as a formula were written with a leading apostrophe on export (orders-csv.ts's csvCell): it goes. */
export function unescapeCell(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

/** The row as the database would keep it, or a problem for each invalid cell. */
export function readImportRow(
  line: number,
  cells: Record<ImportColumn, string>,
): { ok: true; row: ImportRow } | { ok: false; problems: ImportProblem[] } {
  const parsed = importRowSchema.safeParse(cells);
  if (!parsed.success) {
    const byColumn = new Map<string, string>();
    for (const issue of parsed.error.issues) {
      const column = String(issue.path[0] ?? "");
      if (!byColumn.has(column)) byColumn.set(column, issue.message);
    }
    // In the file's column order, so the list reads left to right.
    const problems = importColumnNames
      .filter((column) => byColumn.has(column))
      .map((column) => ({ line, column, message: byColumn.get(column) as string }));
    return { ok: false, problems };
  }
  const values = parsed.data;
  return {
    ok: true,
    row: {
      line,
      product: {
        sku: values.sku_prodotto,
        name: values.nome,
        gender: values.genere,
        subcategory: values.sottocategoria,
        brand: values.marca,
        description: values.descrizione,
        priceCents: values.prezzo,
        originalPriceCents: values.prezzo_originale,
      },
      variant: {
        sku: values.sku_variante,
        colorName: values.colore,
        colorCode: values.codice_colore,
        size: values.taglia,
        stock: values.giacenza,
      },
    },
  };
}
