// Hostile requests for fuzzing routes: a seeded generator (the same seed gives the same requests),
// the kinds of input an attacker sends, and a caller that tells a route's answer from a crash.

/** Pseudo-random numbers from a seed (mulberry32): a failure found once is found again. */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, max). */
  int(max: number): number {
    return Math.floor(this.next() * max);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }
}

const oddTexts = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "%00",
  "\u0001\u001f\u007f",
  "\r\n",
  "\t",
  "é",
  "ß",
  "\ud800",
  "\udfff",
  "😀",
  "\u202e",
  "\ufeff",
  "\uffff",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  '{"a":1}',
  "[object Object]",
  "<script>alert(1)</script>",
  "' OR '1'='1",
  "'; DROP TABLE products; --",
  "../../etc/passwd",
  "%",
  "%ZZ",
  "%C3%28",
  "\\",
  '"',
  "'",
  "__proto__",
  "constructor",
  "Donna",
  "M",
  "Nero",
];

const oddNumbers = [
  "0",
  "-0",
  "-1",
  "1",
  "5",
  "2147483647",
  "2147483648",
  "-2147483648",
  "-2147483649",
  "4294967296",
  "9007199254740993",
  "99999999999999999999999999",
  "1e308",
  "1e309",
  "-1e309",
  "NaN",
  "Infinity",
  "0x10",
  "1.5",
  " 7 ",
  "007",
  "1_000",
  "١٢",
];

const searchSymbols = ["&", "|", "!", ":", "*", "(", ")", "'", '"', "\\", "<", ">", "-", "<->", "<2>", " ", "@", "~"];
const searchWords = ["reggiseno", "pigiama", "nero", "cotone", "a", "or", "and", "not", "regiseno", "x"];

/** Inputs an attacker sends in place of a value: odd text, odd numbers, long and broken strings. */
export class HostileInput {
  constructor(readonly random: SeededRandom) {}

  /** Text of any kind: odd characters, numbers, long strings, random code points, a NUL in a word. */
  text(): string {
    switch (this.random.int(7)) {
      case 0:
      case 1:
        return this.random.pick(oddTexts);
      case 2:
        return this.number();
      case 3:
        return this.long();
      case 4:
        return this.codePoints(1 + this.random.int(40));
      case 5: {
        const word = this.random.pick(searchWords);
        const at = this.random.int(word.length + 1);
        return `${word.slice(0, at)}\u0000${word.slice(at)}`;
      }
      default:
        return this.search();
    }
  }

  /** A number as text: past the 32-bit range, negative, fractional, not a number at all. */
  number(): string {
    return this.random.pick(oddNumbers);
  }

  /** Up to 10,000 characters of one repeated piece. */
  long(): string {
    const piece = this.random.pick(["a", "é", "😀", "\u0000", "-", "a b ", "&|", "\ud800", "%"]);
    return piece.repeat(1 + this.random.int(10_000 / piece.length));
  }

  /** Random code points, control characters and lone surrogates included. */
  codePoints(length: number): string {
    let text = "";
    for (let index = 0; index < length; index++) {
      const range = this.random.int(4);
      const code =
        range === 0 ? this.random.int(0x20) : range === 1 ? 0x20 + this.random.int(0x5f) : this.random.int(0x10000);
      text += String.fromCharCode(code);
    }
    return text;
  }

  /** A search box entry: words and the operators of PostgreSQL's tsquery syntax, short or up to 10,000 characters. */
  search(): string {
    const parts: string[] = [];
    const count = this.random.chance(0.2) ? 1 + this.random.int(2500) : 1 + this.random.int(12);
    for (let index = 0; index < count; index++) {
      parts.push(this.random.chance(0.5) ? this.random.pick(searchSymbols) : this.random.pick(searchWords));
    }
    return parts.join(this.random.chance(0.5) ? " " : "").slice(0, 10_000);
  }

  /** One of `valid` most of the time, otherwise something hostile. */
  value(...valid: string[]): string {
    return valid.length > 0 && this.random.chance(0.5) ? this.random.pick(valid) : this.text();
  }

  /** A value that is no JSON-readable string or number: a hostile JSON value. */
  jsonValue(): unknown {
    switch (this.random.int(8)) {
      case 0:
        return null;
      case 1:
        return [this.text()];
      case 2:
        return { value: this.text() };
      case 3:
        return Number(this.number());
      case 4:
        return this.random.pick([2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e308, -0, 0.5, Number.MAX_VALUE]);
      case 5:
        return this.random.chance(0.5);
      default:
        return this.text();
    }
  }

  /** `text` (hostile by default) as a header value a client can send: no NUL, CR or LF, and bytes as Latin-1 characters. */
  headerValue(text = this.text()): string {
    return text.replace(/[^\t\x20-\x7e\x80-\xff]/g, "?");
  }
}

/** How a form arrives: as browsers post it, or as anything but a form. */
export function formBody(input: HostileInput, fields: [string, string][]): { contentType?: string; body: BodyInit } {
  const urlencoded = () => new URLSearchParams(fields).toString();
  switch (input.random.int(14)) {
    case 0:
      return { contentType: "application/json", body: JSON.stringify(Object.fromEntries(fields)) };
    case 1:
      return { contentType: "text/plain", body: urlencoded() };
    case 2:
      return { body: urlencoded() };
    case 3:
      return { contentType: "multipart/form-data", body: urlencoded() };
    case 4:
      return { contentType: "multipart/form-data; boundary=xyz", body: `--xyz\r\nContent-Disposition: form-data\r\n` };
    case 5:
      // Bytes that are no UTF-8, and percent-escapes cut short.
      return {
        contentType: "application/x-www-form-urlencoded",
        body: new Uint8Array([...Buffer.from(`${urlencoded()}&x=`), 0xff, 0xfe, 0xc3, 0x28, 0x25, 0x45, 0x30, 0x25]),
      };
    case 6:
      return { contentType: "application/x-www-form-urlencoded", body: `${urlencoded()}&%=%ZZ&a=%E0%A4%A&%00=%00` };
    case 7:
      return { contentType: "application/octet-stream", body: new Uint8Array([0, 1, 2, 255]) };
    case 8:
    case 9: {
      const form = new FormData();
      for (const [name, value] of fields) form.append(name, value);
      if (input.random.chance(0.2)) form.append(input.random.pick(fields)?.[0] ?? "file", new Blob(["\u0000"]), "a");
      return { body: form };
    }
    default:
      return {
        contentType: input.random.pick([
          "application/x-www-form-urlencoded",
          "application/x-www-form-urlencoded;charset=UTF-8",
          "Application/X-WWW-Form-Urlencoded; charset=latin1",
        ]),
        body: urlencoded(),
      };
  }
}

/**
 * A form's fields as an attacker fills them: each a valid value or a hostile one, sometimes left
 * out or sent twice (an array where a string is expected), plus a stray field now and then. Some
 * requests are mostly valid, so that one hostile field gets past the checks of the others.
 */
export function hostileFields(input: HostileInput, fields: Record<string, string[]>): [string, string][] {
  const hostileShare = input.random.pick([0.1, 0.3, 0.6]);
  const value = (valid: string[]) =>
    valid.length > 0 && !input.random.chance(hostileShare) ? input.random.pick(valid) : input.text();
  const sent: [string, string][] = [];
  for (const [name, valid] of Object.entries(fields)) {
    if (input.random.chance(0.1)) continue;
    sent.push([name, value(valid)]);
    if (input.random.chance(0.1)) sent.push([name, value(valid)]);
  }
  if (input.random.chance(0.1)) sent.push([input.text(), input.text()]);
  return sent;
}

/** A query string of the given parameters with hostile values, repeated keys and broken escapes. */
export function hostileQuery(input: HostileInput, params: Record<string, string[]>): string {
  const query = new URLSearchParams(hostileFields(input, params)).toString();
  return input.random.chance(0.1) ? `${query}&%ZZ=%C3&%00=%E0%A4%A` : query;
}

/** What a route handler's call came to, as React Router would answer it. */
export type HandlerOutcome = { status: number; crash?: unknown };

type DataAnswer = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };

function isDataAnswer(value: unknown): value is DataAnswer {
  return typeof value === "object" && value !== null && "data" in value && "init" in value;
}

/**
 * Runs a loader or action. A Response or data() (returned or thrown) is an answer with its status;
 * a thrown data() without a status is a 500, as React Router makes it; anything else thrown, or a
 * promise of the returned data that rejects (streamed data), is a crash.
 */
export async function runHandler(run: () => unknown): Promise<HandlerOutcome> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status };
    if (isDataAnswer(thrown)) return { status: thrown.init?.status ?? 500 };
    return { status: 500, crash: thrown };
  }
  if (result instanceof Response) return { status: result.status };
  const status = isDataAnswer(result) ? (result.init?.status ?? 200) : 200;
  const values = isDataAnswer(result) ? result.data : result;
  if (typeof values === "object" && values !== null) {
    for (const value of Object.values(values)) {
      if (value instanceof Promise) {
        const crash = await value.then(
          () => null,
          (error: unknown) => error ?? "rejected",
        );
        if (crash !== null) return { status: 500, crash };
      }
    }
  }
  return { status };
}
