import { describe, expect, it } from "vitest";
import { slugify } from "./slug";

describe("slugify", () => {
  it.each([
    ["Blu Navy", "blu-navy"],
    ["2. Acqua fredda e detersivo", "2-acqua-fredda-e-detersivo"],
    ["Perché sì? È così!", "perche-si-e-cosi"],
    ["  ¿?  ", ""],
  ])("%s → %s", (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });
});
