import { parseCsv } from "./csv-parse";
import {
  type ImportColumn,
  type ImportProblem,
  type ImportRow,
  importColumnNames,
  readImportRow,
  unescapeCell,
} from "./import-row";

// The whole file: its header, every row, and the rules between rows (one product's columns agree
// on every row of it, a variant's SKU and a product's colour and size appear once).

export const MAX_IMPORT_ROWS = 5000;

export const sheetMessages = {
  empty: "Il file è vuoto: scarica il modello e compilalo.",
  missingColumns: (columns: string[]) => `Mancano le colonne: ${columns.join(", ")}.`,
  unknownColumns: (columns: string[]) =>
    `Colonne sconosciute: ${columns.join(", ")}. Usa i nomi del modello (${importColumnNames.join(", ")}).`,
  repeatedColumn: (column: string) => `La colonna ${column} compare più volte.`,
  noRows: "Il file ha solo l'intestazione: aggiungi una riga per ogni variante.",
  tooManyRows: `Il file ha più di ${MAX_IMPORT_ROWS.toLocaleString("it-IT")} righe: dividilo in più file.`,
  cellCount: (found: number, expected: number) =>
    `La riga ha ${found} celle invece di ${expected}: controlla separatori e virgolette.`,
  productDiffers: (firstLine: number) =>
    `Diverso dalla riga ${firstLine} dello stesso prodotto: le colonne del prodotto devono essere uguali in tutte le sue righe.`,
  variantSkuRepeated: (firstLine: number) => `Lo stesso SKU variante è già alla riga ${firstLine}.`,
  variantRepeated: (firstLine: number) => `Stesso prodotto, colore e taglia della riga ${firstLine}.`,
  retiredDiscountColumn:
    "La colonna sconto non c'è più: la percentuale di sconto si calcola da prezzo e prezzo_originale. Togli la colonna e riprova.",
  colorCodeDiffers: (firstLine: number, code: string) =>
    `Lo stesso colore ha il codice ${code} alla riga ${firstLine}: usa lo stesso codice.`,
};

const productColumns: { column: ImportColumn; field: keyof ImportRow["product"] }[] = [
  { column: "nome", field: "name" },
  { column: "genere", field: "gender" },
  { column: "sottocategoria", field: "subcategory" },
  { column: "marca", field: "brand" },
  { column: "descrizione", field: "description" },
  { column: "prezzo", field: "priceCents" },
  { column: "prezzo_originale", field: "originalPriceCents" },
];

export type Sheet = { rows: ImportRow[]; problems: ImportProblem[] };

/** The rows of a products sheet and every problem found in it, by line and column. */
export function readSheet(text: string): Sheet {
  const parsed = parseCsv(text);
  if (!parsed.ok) return { rows: [], problems: [{ line: parsed.line, column: null, message: parsed.message }] };
  const [header, ...records] = parsed.records;
  if (!header) return { rows: [], problems: [{ line: 1, column: null, message: sheetMessages.empty }] };

  const names = header.cells.map((cell) => unescapeCell(cell).trim().toLowerCase());
  const headerProblems: ImportProblem[] = [];
  const missing = importColumnNames.filter((column) => !names.includes(column));
  if (missing.length > 0) headerProblems.push(problem(header.line, sheetMessages.missingColumns(missing)));
  // Sheets exported before the percentage was worked out from the prices still carry it.
  if (names.includes("sconto")) headerProblems.push(problem(header.line, sheetMessages.retiredDiscountColumn));
  const unknown = names.filter((name) => name !== "sconto" && !(importColumnNames as string[]).includes(name));
  if (unknown.length > 0) headerProblems.push(problem(header.line, sheetMessages.unknownColumns(unknown)));
  for (const [index, name] of names.entries()) {
    if (names.indexOf(name) !== index && (importColumnNames as string[]).includes(name)) {
      headerProblems.push(problem(header.line, sheetMessages.repeatedColumn(name)));
    }
  }
  if (headerProblems.length > 0) return { rows: [], problems: headerProblems };
  if (records.length === 0) return { rows: [], problems: [problem(header.line, sheetMessages.noRows)] };
  if (records.length > MAX_IMPORT_ROWS)
    return { rows: [], problems: [problem(header.line, sheetMessages.tooManyRows)] };

  const rows: ImportRow[] = [];
  const problems: ImportProblem[] = [];
  for (const record of records) {
    if (record.cells.length !== names.length) {
      problems.push(problem(record.line, sheetMessages.cellCount(record.cells.length, names.length)));
      continue;
    }
    const cells = Object.fromEntries(
      names.map((name, index) => [name, unescapeCell(record.cells[index] ?? "")]),
    ) as Record<ImportColumn, string>;
    const read = readImportRow(record.line, cells);
    if (read.ok) rows.push(read.row);
    else problems.push(...read.problems);
  }
  problems.push(...crossRowProblems(rows));
  return { rows, problems: problems.sort((a, b) => a.line - b.line) };
}

function crossRowProblems(rows: ImportRow[]): ImportProblem[] {
  const problems: ImportProblem[] = [];
  const firstOfProduct = new Map<string, ImportRow>();
  const lineOfVariantSku = new Map<string, number>();
  const lineOfVariant = new Map<string, number>();
  const colorCodes = new Map<string, { line: number; code: string }>();
  for (const row of rows) {
    const first = firstOfProduct.get(row.product.sku);
    if (!first) firstOfProduct.set(row.product.sku, row);
    else {
      for (const { column, field } of productColumns) {
        if (row.product[field] !== first.product[field]) {
          problems.push({ line: row.line, column, message: sheetMessages.productDiffers(first.line) });
        }
      }
    }
    const skuLine = lineOfVariantSku.get(row.variant.sku);
    if (skuLine !== undefined) {
      problems.push({ line: row.line, column: "sku_variante", message: sheetMessages.variantSkuRepeated(skuLine) });
    } else lineOfVariantSku.set(row.variant.sku, row.line);
    const variantKey = JSON.stringify([row.product.sku, row.variant.colorName, row.variant.size]);
    const variantLine = lineOfVariant.get(variantKey);
    if (variantLine !== undefined) {
      problems.push({ line: row.line, column: "taglia", message: sheetMessages.variantRepeated(variantLine) });
    } else lineOfVariant.set(variantKey, row.line);
    const colorKey = JSON.stringify([row.product.sku, row.variant.colorName]);
    const color = colorCodes.get(colorKey);
    if (color && color.code !== row.variant.colorCode) {
      problems.push({
        line: row.line,
        column: "codice_colore",
        message: sheetMessages.colorCodeDiffers(color.line, color.code),
      });
    } else if (!color) colorCodes.set(colorKey, { line: row.line, code: row.variant.colorCode });
  }
  return problems;
}

function problem(line: number, message: string): ImportProblem {
  return { line, column: null, message };
}
