import { describe, expect, it } from "vitest";
import { csvParseMessages, detectSeparator, parseCsv } from "./csv-parse";

const cellsOf = (text: string) => {
  const parsed = parseCsv(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.records.map((record) => record.cells);
};

describe("parseCsv", () => {
  it("reads Excel's Italian files: ';', a byte order mark, CRLF", () => {
    expect(cellsOf("\uFEFFsku;prezzo\r\nA1;12,50\r\n")).toEqual([
      ["sku", "prezzo"],
      ["A1", "12,50"],
    ]);
  });

  it("reads ',' files, with ';' and commas inside quotes", () => {
    expect(cellsOf('sku,nome\nA1,"Slip, nero; cotone"\n')).toEqual([
      ["sku", "nome"],
      ["A1", "Slip, nero; cotone"],
    ]);
  });

  it("reads doubled quotes, line breaks inside quotes and empty cells, quoted or not", () => {
    expect(cellsOf('a;b;c;d\n"Il ""classico""";"riga 1\r\nriga 2";;""\n')).toEqual([
      ["a", "b", "c", "d"],
      ['Il "classico"', "riga 1\r\nriga 2", "", ""],
    ]);
  });

  it("numbers records by their line in the file, past line breaks inside cells", () => {
    const parsed = parseCsv('a;b\n"x\ny";1\n\nz;2');
    expect(parsed).toEqual({
      ok: true,
      records: [
        { line: 1, cells: ["a", "b"] },
        { line: 2, cells: ["x\ny", "1"] },
        { line: 5, cells: ["z", "2"] },
      ],
    });
  });

  it("leaves out blank lines and Excel's rows of empty cells, and reads CR line ends", () => {
    expect(cellsOf("a;b\r;\r\r1;2\r;;\r")).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
  });

  it("keeps a quote inside an unquoted cell as it is", () => {
    expect(cellsOf('a;b\nTelo 90" x 2;1')).toEqual([
      ["a", "b"],
      ['Telo 90" x 2', "1"],
    ]);
  });

  it("refuses an unclosed quote and text after a closing quote, with the line", () => {
    expect(parseCsv('a;b\n1;"aperta\n2;3\n')).toEqual({ ok: false, line: 2, message: csvParseMessages.unclosedQuote });
    expect(parseCsv('a;b\n1;"chiusa"poi\n')).toEqual({ ok: false, line: 2, message: csvParseMessages.textAfterQuote });
    expect(csvParseMessages).toEqual({
      unclosedQuote: "Virgolette non chiuse: una cella tra virgolette continua fino alla fine del file.",
      textAfterQuote: "Dopo le virgolette che chiudono una cella ci deve essere il separatore o la fine della riga.",
    });
  });

  it("reads an empty file as no records", () => {
    expect(parseCsv("")).toEqual({ ok: true, records: [] });
    expect(parseCsv("\uFEFF\r\n")).toEqual({ ok: true, records: [] });
  });
});

describe("detectSeparator", () => {
  it("takes the one the header holds more of, outside quotes; ';' when tied", () => {
    expect(detectSeparator("a;b;c\n1,2")).toBe(";");
    expect(detectSeparator("a,b,c\n1;2;3;4")).toBe(",");
    expect(detectSeparator('"a;b;c",d\n')).toBe(",");
    expect(detectSeparator("solo")).toBe(";");
  });
});
