import { describe, expect, it } from "vitest";
import { parseEuroCents } from "~/modules/forms/euro-amount";
import { productMessages } from "~/modules/product-admin/product-form";
import { importColumnNames, rowMessages } from "./import-row";
import { readSheet, sheetMessages } from "./read-sheet";

// The products sheet as staff fill it in: every message, by line and column.

const header = importColumnNames.join(";");
const validCells = {
  sku_prodotto: "PIG-D0001",
  nome: "Pigiama in cotone",
  genere: "Donna",
  sottocategoria: "pigiama",
  marca: "Lovable",
  descrizione: "Pigiama lungo.",
  prezzo: "39,90",
  prezzo_originale: "49,90",
  sku_variante: "PIG-D0001-BLU-M",
  colore: "Blu",
  codice_colore: "#1f3a93",
  taglia: "M",
  giacenza: "12",
};
type Cells = Partial<typeof validCells>;
const line = (cells: Cells = {}) => importColumnNames.map((name) => ({ ...validCells, ...cells })[name]).join(";");
const sheet = (...rows: Cells[]) => [header, ...rows.map(line)].join("\r\n");

describe("readSheet", () => {
  it("reads a valid row as the database keeps it", () => {
    expect(readSheet(sheet({ genere: "donna", sottocategoria: "PIGIAMA", codice_colore: "#1F3A93" }))).toEqual({
      problems: [],
      rows: [
        {
          line: 2,
          product: {
            sku: "PIG-D0001",
            name: "Pigiama in cotone",
            gender: "Donna",
            subcategory: "pigiama",
            brand: "Lovable",
            description: "Pigiama lungo.",
            priceCents: 3990,
            originalPriceCents: 4990,
          },
          variant: { sku: "PIG-D0001-BLU-M", colorName: "Blu", colorCode: "#1f3a93", size: "M", stock: 12 },
        },
      ],
    });
  });

  it("takes an empty price and original price as none", () => {
    const { rows, problems } = readSheet(sheet({ prezzo: "", prezzo_originale: "" }));
    expect(problems).toEqual([]);
    expect(rows[0]?.product).toMatchObject({ priceCents: null, originalPriceCents: null });
  });

  it("reads columns in any order and undoes the apostrophe the export puts before a formula", () => {
    const names = [...importColumnNames].reverse();
    const cells = { ...validCells, nome: "'=Pigiama" };
    const text = `${names.join(";")}\n${names.map((name) => cells[name]).join(";")}`;
    expect(readSheet(text).rows[0]?.product.name).toBe("=Pigiama");
  });

  it("words every invalid cell, by column, in the file's order", () => {
    const { problems } = readSheet(
      sheet(
        {
          sku_prodotto: "",
          nome: "",
          genere: "Unisex",
          sottocategoria: "scarpe",
          marca: " ",
          prezzo: "dodici",
          prezzo_originale: "-3",
          sku_variante: "con spazi",
          colore: "",
          codice_colore: "blu",
          taglia: "",
          giacenza: "-1",
        },
        {
          sku_prodotto: "X".repeat(81),
          nome: "N".repeat(201),
          marca: "M".repeat(201),
          descrizione: "D".repeat(5001),
          sku_variante: "",
          colore: "C".repeat(201),
          taglia: "T".repeat(41),
          giacenza: "3,5",
        },
        { prezzo_originale: "39,90", sku_prodotto: "B", sku_variante: "B-1" },
      ),
    );
    expect(problems).toEqual([
      { line: 2, column: "sku_prodotto", message: "Manca lo SKU del prodotto." },
      { line: 2, column: "nome", message: "Manca il nome del prodotto." },
      { line: 2, column: "genere", message: "Il genere deve essere uno tra Donna, Uomo, Bambini." },
      { line: 2, column: "sottocategoria", message: rowMessages.subcategory },
      { line: 2, column: "marca", message: "Manca la marca." },
      {
        line: 2,
        column: "prezzo",
        message: "Il prezzo deve essere un importo in euro da 0 in su, ad esempio 39,90.",
      },
      {
        line: 2,
        column: "prezzo_originale",
        message: "Il prezzo originale deve essere un importo in euro da 0 in su, ad esempio 49,90.",
      },
      {
        line: 2,
        column: "sku_variante",
        message: "Lo SKU può avere solo lettere, cifre, punti, trattini e trattini bassi, fino a 64 caratteri.",
      },
      { line: 2, column: "colore", message: "Manca il colore." },
      {
        line: 2,
        column: "codice_colore",
        message: "Il codice colore deve essere nel formato #rrggbb, ad esempio #1f3a93.",
      },
      { line: 2, column: "taglia", message: "Manca la taglia." },
      { line: 2, column: "giacenza", message: "La giacenza deve essere un numero intero da 0 in su." },
      { line: 3, column: "sku_prodotto", message: rowMessages.skuFormat },
      { line: 3, column: "nome", message: "Il nome può avere al massimo 200 caratteri." },
      { line: 3, column: "marca", message: "La marca può avere al massimo 100 caratteri." },
      { line: 3, column: "descrizione", message: "La descrizione può avere al massimo 5000 caratteri." },
      { line: 3, column: "sku_variante", message: "Manca lo SKU della variante." },
      { line: 3, column: "colore", message: "Il colore può avere al massimo 50 caratteri." },
      { line: 3, column: "taglia", message: "La taglia può avere al massimo 20 caratteri." },
      { line: 3, column: "giacenza", message: productMessages.stock },
      {
        line: 4,
        column: "prezzo_originale",
        message:
          "Il prezzo di riferimento deve essere più alto del prezzo di vendita; lascialo vuoto se il prodotto non è scontato.",
      },
    ]);
    expect(rowMessages.subcategory).toMatch(/^La sottocategoria deve essere una tra pigiama, maglia, .*, borsa\.$/);
  });

  it("checks the rows against each other", () => {
    const { problems } = readSheet(
      sheet(
        {},
        { sku_variante: "PIG-D0001-BLU-L", taglia: "L", nome: "Pigiama", prezzo: "35,00" },
        { sku_variante: "PIG-D0001-BLU-M", taglia: "XL" },
        { sku_variante: "PIG-D0001-BLU-M2" },
        { sku_variante: "PIG-D0001-BLU-S", taglia: "S", codice_colore: "#000000" },
      ),
    );
    const differs =
      "Diverso dalla riga 2 dello stesso prodotto: le colonne del prodotto devono essere uguali in tutte le sue righe.";
    expect(problems).toEqual([
      { line: 3, column: "nome", message: differs },
      { line: 3, column: "prezzo", message: differs },
      { line: 4, column: "sku_variante", message: "Lo stesso SKU variante è già alla riga 2." },
      { line: 5, column: "taglia", message: "Stesso prodotto, colore e taglia della riga 2." },
      {
        line: 6,
        column: "codice_colore",
        message: "Lo stesso colore ha il codice #1f3a93 alla riga 2: usa lo stesso codice.",
      },
    ]);
  });

  it("words the problems of the file as a whole", () => {
    const only = (text: string) => readSheet(text).problems;
    expect(only("")).toEqual([{ line: 1, column: null, message: "Il file è vuoto: scarica il modello e compilalo." }]);
    expect(only(header)).toEqual([
      { line: 1, column: null, message: "Il file ha solo l'intestazione: aggiungi una riga per ogni variante." },
    ]);
    expect(only("sku_prodotto;nome;giacenze\n1;2;3")).toEqual([
      {
        line: 1,
        column: null,
        message:
          "Mancano le colonne: genere, sottocategoria, marca, descrizione, prezzo, prezzo_originale, sku_variante, colore, codice_colore, taglia, giacenza.",
      },
      {
        line: 1,
        column: null,
        message: expect.stringMatching(
          /^Colonne sconosciute: giacenze\. Usa i nomi del modello \(sku_prodotto, nome, /,
        ),
      },
    ]);
    expect(only(`${header};nome\n${line()};x`)).toEqual([
      { line: 1, column: null, message: "La colonna nome compare più volte." },
    ]);
    expect(only(`${header}\n${line()};in più\nPIG;corta`)).toEqual([
      { line: 2, column: null, message: "La riga ha 14 celle invece di 13: controlla separatori e virgolette." },
      { line: 3, column: null, message: sheetMessages.cellCount(2, 13) },
    ]);
    expect(only(`${header}\n"aperta`)).toEqual([
      {
        line: 2,
        column: null,
        message: "Virgolette non chiuse: una cella tra virgolette continua fino alla fine del file.",
      },
    ]);
    // A number, only too large: said so, never "un numero intero da 0 in su".
    expect(readSheet(sheet({ giacenza: "10000000", prezzo: "2.000.000,00" })).problems).toEqual([
      { line: 2, column: "prezzo", message: productMessages.priceTooHigh },
      { line: 2, column: "giacenza", message: productMessages.stockTooHigh },
    ]);
    // A sheet exported before the percentage was worked out from the prices: told why, not "unknown".
    expect(only(`${header};sconto\n${line()};50`)).toEqual([
      { line: 1, column: null, message: sheetMessages.retiredDiscountColumn },
    ]);
    const many = [header, ...Array.from({ length: 5001 }, (_, index) => line({ sku_variante: `V-${index}` }))].join(
      "\n",
    );
    expect(only(many)).toEqual([
      { line: 1, column: null, message: "Il file ha più di 5000 righe: dividilo in più file." },
    ]);
  });
});

describe("parseEuroCents", () => {
  it.each([
    ["12,50", 1250],
    ["12.50", 1250],
    ["12,5", 1250],
    ["12", 1200],
    ["0", 0],
    ["1.234,56", 123456],
    ["1.234", 123400],
    ["€ 39,90", 3990],
    ["39,90 €", 3990],
  ])("reads %j as %i cents", (text, cents) => {
    expect(parseEuroCents(text)).toBe(cents);
  });

  it.each(["", "-5", "12,345", "1,234.56", "dodici", "12,", "99999999999"])("refuses %j", (text) => {
    expect(parseEuroCents(text)).toBeNull();
  });
});
