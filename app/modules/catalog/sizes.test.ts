import { expect, test } from "vitest";
import { compareSizes } from "./sizes";

test("lists letter sizes in wearing order, then numeric sizes by number, then anything else", () => {
  const sizes = ["XL", "10", "Unica", "S", "3XL", "4 C", "9", "40/41", "4 B", "XS", "2", "M", "5-M", "XXL", "L", "4-S"];
  expect([...sizes].sort(compareSizes)).toEqual([
    "XS",
    "S",
    "M",
    "L",
    "XL",
    "XXL",
    "3XL",
    "2",
    "4 B",
    "4 C",
    "4-S",
    "5-M",
    "9",
    "10",
    "40/41",
    "Unica",
  ]);
});
