import { describe, expect, test } from "vitest";
import { expandSynonyms, plainWord, searchSuggestions, searchSynonyms } from "./search-synonyms";
import { subcategories } from "./values";

describe("expandSynonyms", () => {
  test("an everyday word becomes itself or its subcategories; the other words stay as typed", () => {
    expect(expandSynonyms("Mutande nere")).toEqual({
      rest: "nere",
      alternatives: [["mutande", "slip", "culotte", "panty", "parigamba"]],
    });
  });

  test("the longest phrase wins: 'costume da bagno' is one phrase, 'costume intero' another", () => {
    expect(expandSynonyms("costume da bagno").alternatives).toEqual([["costume da bagno", "bikini", "intero"]]);
    expect(expandSynonyms("costume intero").alternatives).toEqual([["costume intero", "intero"]]);
  });

  test("accents, capitals and punctuation around a word do not matter", () => {
    expect(expandSynonyms("PALTÒ, calzìni!")).toEqual({
      rest: "",
      alternatives: [
        ["palto", "cappotto"],
        ["calzini", "calze"],
      ],
    });
  });

  test("negated or quoted words are left to the search syntax", () => {
    expect(expandSynonyms('pigiama -costume "mutande"')).toEqual({
      rest: 'pigiama -costume "mutande"',
      alternatives: [],
    });
  });

  test("'maglietta' is a t-shirt; 'maglia' is no synonym of anything", () => {
    expect(expandSynonyms("maglietta").alternatives).toEqual([["maglietta", "t-shirt"]]);
    expect(expandSynonyms("maglia")).toEqual({ rest: "maglia", alternatives: [] });
  });
});

test("the table's words are plain (lowercase, no accents) and each is listed once", () => {
  const words = searchSynonyms.flatMap((synonym) => synonym.words);
  expect(words.filter((word) => plainWord(word) !== word)).toEqual([]);
  expect(new Set(words).size).toBe(words.length);
  expect(words.filter((word) => (subcategories as readonly string[]).includes(word))).toEqual([]);
});

describe("searchSuggestions", () => {
  const everything = [...subcategories];

  test("after a near miss, the everyday words most like what was typed come first", () => {
    expect(searchSuggestions("mutandez", everything)[0]).toBe("mutande");
    expect(searchSuggestions("magliettta rossa", everything)[0]).toBe("maglietta");
    expect(searchSuggestions("costumme", everything)[0]).toBe("costume");
  });

  test("with nothing alike, the commonest searches; never the word typed, never more than asked", () => {
    expect(searchSuggestions("zzzqqq", everything)).toEqual(["pigiama", "costume", "mutande", "calzini"]);
    expect(searchSuggestions("costume", everything, 6)).not.toContain("costume");
    expect(searchSuggestions("", everything, 2)).toHaveLength(2);
  });

  test("only words that lead to products the catalogue has", () => {
    expect(searchSuggestions("zzz", ["calze", "maglia"], 6)).toEqual(["calzini", "maglione"]);
    expect(searchSuggestions("costumme", ["calze"])).not.toContain("costume");
  });
});
