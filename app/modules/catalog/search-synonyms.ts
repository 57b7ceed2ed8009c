import type { Subcategory } from "./values";

// Everyday Italian for the catalogue's subcategories: a shopper types 'mutande' or 'maglietta', the
// catalogue says 'slip' or 't-shirt'. Data, not code: extending the search means adding words here
// (see docs/decisions/0002-catalogue-listing-and-search.md). Plurals of the subcategories themselves need
// no entry: the Italian stemmer already reads 'reggiseni' as 'reggiseno'. Words are written in
// lowercase without accents, as typed terms are compared after the same treatment.

export type SearchSynonym = { words: string[]; subcategories: Subcategory[] };

export const searchSynonyms: SearchSynonym[] = [
  {
    words: ["costume", "costumi", "costume da bagno", "costumi da bagno", "costume mare", "costumi mare"],
    subcategories: ["bikini", "intero"],
  },
  { words: ["due pezzi", "costume due pezzi", "costumi due pezzi"], subcategories: ["bikini"] },
  { words: ["costume intero", "costumi interi", "monopezzo"], subcategories: ["intero"] },
  {
    words: ["mutande", "mutanda", "mutandine", "mutandina", "slippini"],
    subcategories: ["slip", "culotte", "panty", "parigamba"],
  },
  { words: ["boxer", "boxer aderente", "boxer aderenti"], subcategories: ["parigamba"] },
  { words: ["culottes", "pantaloncino intimo", "pantaloncini intimi"], subcategories: ["culotte"] },
  { words: ["panties", "coulotte"], subcategories: ["panty"] },
  { words: ["reggipetto", "reggipetti", "reggitette", "bralette"], subcategories: ["reggiseno"] },
  {
    words: ["guaina", "guaine", "body modellante", "body modellanti", "intimo modellante", "contenitivo"],
    subcategories: ["modellatore"],
  },
  {
    words: ["maglietta", "magliette", "maglietta intima", "magliettina", "tshirt", "t shirt", "tee", "polo"],
    subcategories: ["t-shirt"],
  },
  { words: ["canotta", "canotte", "canottiere", "canottierina", "top intimo"], subcategories: ["canottiera"] },
  {
    words: ["calzini", "calzino", "calzettoni", "calzettone", "collant", "gambaletti", "gambaletto", "pedalini"],
    subcategories: ["calze"],
  },
  {
    words: ["maglione", "maglioni", "maglioncino", "pullover", "golf", "cardigan", "dolcevita"],
    subcategories: ["maglia"],
  },
  {
    words: ["pigiamino", "pigiamini", "camicia da notte", "camicie da notte", "tutina", "tutine"],
    subcategories: ["pigiama"],
  },
  { words: ["soprabito", "soprabiti", "palto", "trench"], subcategories: ["cappotto"] },
  { words: ["giubbotto", "giubbotti", "giubbino", "giubbini", "giacchetto", "blazer"], subcategories: ["giacca"] },
  {
    words: ["pantalone", "calzoni", "pantaloncini", "pantaloncino", "leggings", "jeans"],
    subcategories: ["pantaloni"],
  },
  { words: ["camicetta", "camicette", "blusa", "bluse"], subcategories: ["camicia"] },
  { words: ["caftano", "caftani", "copricostume", "copricostumi", "pareo"], subcategories: ["kaftano"] },
  {
    words: ["telo mare", "teli mare", "asciugamano", "asciugamani", "telo da mare", "teli da mare"],
    subcategories: ["telo"],
  },
  { words: ["foulard", "stola", "stole", "scialle", "scialli"], subcategories: ["sciarpa"] },
  { words: ["minigonna", "minigonne", "gonnellina", "gonnelline"], subcategories: ["gonna"] },
  { words: ["borsetta", "borsette", "borsa mare", "borse mare", "shopper", "pochette"], subcategories: ["borsa"] },
];

/** Lowercase without accents: how typed words and the table's words are compared. */
export function plainWord(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

// Each entry's words as lists of plain words, longest phrase first so that 'costume da bagno' wins over 'costume'.
const phrases = searchSynonyms
  .flatMap((synonym) => synonym.words.map((words) => ({ words: plainWord(words).split(" "), synonym })))
  .sort((a, b) => b.words.length - a.words.length);

export type ExpandedSearch = {
  /** The typed text without the words the table recognised. */
  rest: string;
  /** One group per recognised phrase: the phrase as typed, or any of its subcategories, finds a product. */
  alternatives: string[][];
};

/**
 * The typed search split into the phrases of the synonym table and the rest. A word that is negated
 * ('-costume') or quoted is left to the search's own syntax.
 */
export function expandSynonyms(typed: string): ExpandedSearch {
  const tokens = typed.split(/\s+/).filter(Boolean);
  const keys = tokens.map((token) => (/^-|"/.test(token) ? null : plainWord(token).replace(/^\W+|\W+$/g, "")));
  const rest: string[] = [];
  const alternatives: string[][] = [];
  for (let index = 0; index < tokens.length; ) {
    const match = phrases.find(({ words }) => words.every((word, offset) => keys[index + offset] === word));
    if (match) {
      alternatives.push([match.words.join(" "), ...match.synonym.subcategories]);
      index += match.words.length;
    } else {
      rest.push(tokens[index] ?? "");
      index += 1;
    }
  }
  return { rest: rest.join(" "), alternatives };
}

/** What a search that found nothing suggests when no everyday word resembles what was typed. */
const commonSearches = ["pigiama", "costume", "mutande", "calzini", "maglione", "reggiseno"];

/** The letter pairs of a word, for a quick likeness of two words (Dice's coefficient). */
function letterPairs(word: string): string[] {
  return Array.from({ length: Math.max(0, word.length - 1) }, (_, index) => word.slice(index, index + 2));
}

function likeness(a: string, b: string): number {
  const pairs = letterPairs(a);
  const others = letterPairs(b);
  if (pairs.length === 0 || others.length === 0) return 0;
  const left = [...others];
  let shared = 0;
  for (const pair of pairs) {
    const at = left.indexOf(pair);
    if (at >= 0) {
      shared++;
      left.splice(at, 1);
    }
  }
  return (2 * shared) / (pairs.length + others.length);
}

/**
 * Everyday words of the table to try after a search that found nothing: those most like the typed
 * words first, then the commonest searches. Only words whose subcategories the catalogue has.
 */
export function searchSuggestions(typed: string, inCatalogue: readonly string[], count = 4): string[] {
  const typedWords = plainWord(typed)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 3);
  const present = (subcategories: readonly string[]) => subcategories.some((name) => inCatalogue.includes(name));
  const scored = searchSynonyms
    .filter((synonym) => present(synonym.subcategories))
    .map((synonym) => ({
      word: synonym.words[0] ?? "",
      score: Math.max(
        0,
        ...typedWords.flatMap((typedWord) =>
          [...synonym.words, ...synonym.subcategories].map((word) => likeness(typedWord, plainWord(word))),
        ),
      ),
    }))
    .filter(({ score }) => score >= 0.5)
    .sort((a, b) => b.score - a.score)
    .map(({ word }) => word);
  const common = commonSearches.filter((word) =>
    present(searchSynonyms.find((synonym) => synonym.words.includes(word))?.subcategories ?? [word]),
  );
  return [...new Set([...scored, ...common])].filter((word) => !typedWords.includes(word)).slice(0, count);
}
