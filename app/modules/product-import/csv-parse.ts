// Reads the CSV files suppliers and Excel write: ';' (Excel set to Italian) or ',' between cells,
// chosen from the header line; cells in double quotes may hold separators, doubled quotes and line
// breaks; a UTF-8 byte order mark is skipped; CRLF, LF or CR line ends.

export type CsvRecord = {
  /** The record's line in the file, counting from 1 (the header is line 1), as a spreadsheet numbers rows. */
  line: number;
  cells: string[];
};

export type CsvParseResult = { ok: true; records: CsvRecord[] } | { ok: false; line: number; message: string };

export const csvParseMessages = {
  unclosedQuote: "Virgolette non chiuse: una cella tra virgolette continua fino alla fine del file.",
  textAfterQuote: "Dopo le virgolette che chiudono una cella ci deve essere il separatore o la fine della riga.",
};

/** The separator of a file: the one of ';' and ',' its first line holds more of, outside quotes. */
export function detectSeparator(text: string): ";" | "," {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && char === ";") semicolons++;
    else if (!quoted && char === ",") commas++;
  }
  return commas > semicolons ? "," : ";";
}

/** Every record of `input`, blank lines and rows of empty cells left out. */
export function parseCsv(input: string): CsvParseResult {
  const text = input.startsWith("\uFEFF") ? input.slice(1) : input;
  const separator = detectSeparator(text);
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = "";
  // Whether the cell being read was quoted: an empty quoted cell is still a cell.
  let quotedCell = false;
  let line = 1;
  let recordLine = 1;
  let index = 0;

  const endCell = () => {
    cells.push(cell);
    cell = "";
    quotedCell = false;
  };
  const endRecord = () => {
    endCell();
    // Excel leaves rows of empty cells (";;;;") below the data: they are no records.
    if (cells.some((value) => value.trim() !== "")) records.push({ line: recordLine, cells });
    cells = [];
  };

  while (index < text.length) {
    const char = text[index] as string;
    if (char === '"' && cell === "" && !quotedCell) {
      // A quoted cell: up to the next lone quote.
      const openedOn = line;
      index++;
      for (;;) {
        if (index >= text.length) return { ok: false, line: openedOn, message: csvParseMessages.unclosedQuote };
        const inner = text[index] as string;
        if (inner === '"') {
          if (text[index + 1] === '"') {
            cell += '"';
            index += 2;
            continue;
          }
          index++;
          break;
        }
        if (inner === "\n" || (inner === "\r" && text[index + 1] !== "\n")) line++;
        cell += inner;
        index++;
      }
      const next = text[index];
      if (next !== undefined && next !== separator && next !== "\n" && next !== "\r") {
        return { ok: false, line, message: csvParseMessages.textAfterQuote };
      }
      quotedCell = true;
      continue;
    }
    if (char === separator) {
      endCell();
      index++;
      continue;
    }
    if (char === "\n" || char === "\r") {
      endRecord();
      index += char === "\r" && text[index + 1] === "\n" ? 2 : 1;
      line++;
      recordLine = line;
      continue;
    }
    cell += char;
    index++;
  }
  if (cell !== "" || quotedCell || cells.length > 0) endRecord();
  return { ok: true, records };
}
