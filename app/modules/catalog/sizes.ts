// Size values mix several systems (XS–3XL, 1–16, 40/41, bra sizes like "3 C", "5-M"): the filter
// lists them in the order a shopper expects, not alphabetically.

const letterSizes = ["XXS", "XS", "S", "M", "L", "XL", "XXL", "3XL", "4XL"];

function sizeRank(size: string): [group: number, number: number, rest: string] {
  const letterIndex = letterSizes.indexOf(size.toUpperCase());
  if (letterIndex >= 0) return [0, letterIndex, ""];
  const numeric = /^(\d+(?:[.,]\d+)?)(.*)$/.exec(size);
  if (numeric) return [1, Number((numeric[1] ?? "").replace(",", ".")), numeric[2] ?? ""];
  return [2, 0, size];
}

/** Letter sizes first (XS before S), then numeric ones by number ("4 B" before "4 C", "9" before "10"), then the rest. */
export function compareSizes(a: string, b: string): number {
  const [groupA, numberA, restA] = sizeRank(a);
  const [groupB, numberB, restB] = sizeRank(b);
  return groupA - groupB || numberA - numberB || restA.localeCompare(restB, "it");
}
