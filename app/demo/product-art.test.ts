import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { genders, subcategories } from "~/modules/catalog/values";
import { blogCoverSvg, productArtSvg } from "./product-art";

const product: Parameters<typeof productArtSvg>[0] = {
  subcategory: "t-shirt",
  gender: "Donna",
  colorHex: "#1f3a5f",
  colorName: "Blu notte",
  seed: 7,
  view: 0,
};

/** Drawing fails on malformed XML, so a successful render is also the well-formedness check. */
async function renderedSize(svg: string) {
  const { width, height } = await sharp(Buffer.from(svg))
    .png()
    .toBuffer({ resolveWithObject: true })
    .then((r) => r.info);
  return { width, height };
}

/**
 * librsvg reads the whole document before it tells its size, so this checks well-formedness too, at a
 * hundredth of the cost of drawing (which takes a few hundred milliseconds an image).
 */
async function parsedSize(svg: string) {
  const { width, height } = await sharp(Buffer.from(svg)).metadata();
  return { width, height };
}

/**
 * Drawn in full: between them both views, a white and a near-black garment, every pattern, lace and
 * the children's heart (the test below holds the sample to that). Every other picture is only parsed.
 */
const drawnSample: Parameters<typeof productArtSvg>[0][] = [
  { ...product, gender: "Bambini", colorHex: "#ffffff", colorName: "Bianco a righe", view: 1 },
  { ...product, subcategory: "camicia", gender: "Uomo", colorHex: "#111111", colorName: "Nero fantasia" },
  { ...product, subcategory: "slip", colorHex: "#e6c3bd", colorName: "Rosa Cipria", seed: 4 },
];

describe("productArtSvg", () => {
  it("is deterministic", () => {
    expect(productArtSvg(product)).toBe(productArtSvg({ ...product }));
  });

  it("is a standalone 800×1000 document without text or external references", async () => {
    const svg = productArtSvg(product);
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg.endsWith("</svg>")).toBe(true);
    expect(svg).toContain('width="800" height="1000" viewBox="0 0 800 1000"');
    expect(svg).not.toMatch(/<text|<image|href="(?!#)/);
    expect(await renderedSize(svg)).toEqual({ width: 800, height: 1000 });
  });

  it("draws the two views and different seeds differently", () => {
    expect(productArtSvg({ ...product, view: 1 })).not.toBe(productArtSvg(product));
    expect(productArtSvg({ ...product, seed: 8 })).not.toBe(productArtSvg(product));
  });

  it.each(subcategories)("draws %s well-formed, small and distinct from the generic shape", async (subcategory) => {
    for (const gender of genders) {
      for (const view of [0, 1]) {
        const svg = productArtSvg({ ...product, subcategory, gender, view });
        expect(svg.length).toBeLessThan(8000);
        expect(await parsedSize(svg)).toEqual({ width: 800, height: 1000 });
      }
    }
    const withoutIds = (svg: string) => svg.replace(/a[0-9a-z]+-/g, "");
    expect(withoutIds(productArtSvg({ ...product, subcategory }))).not.toBe(
      withoutIds(productArtSvg({ ...product, subcategory: "sconosciuta" })),
    );
  });

  it("draws a sample holding every kind of detail", () => {
    const sample = drawnSample.map(productArtSvg);
    const stripes = '<rect width="14"';
    const pinstripes = '<rect width="3"';
    const dots = '<circle cx="9"';
    const lace = 'stroke-dasharray="0 9"';
    const heart = "scale(1.6)";
    for (const detail of [stripes, pinstripes, dots, lace, heart]) {
      expect(sample.some((svg) => svg.includes(detail))).toBe(true);
    }
    expect(new Set(drawnSample.map((input) => input.view))).toEqual(new Set([0, 1]));
  });

  it.each(drawnSample)("draws $subcategory ($gender, $colorName, view $view) in full", async (input) => {
    expect(await renderedSize(productArtSvg(input))).toEqual({ width: 800, height: 1000 });
  });

  it("draws an unknown subcategory as a folded garment", async () => {
    const svg = productArtSvg({ ...product, subcategory: "accappatoio" });
    expect(await renderedSize(svg)).toEqual({ width: 800, height: 1000 });
  });

  it("uses ids unique to the image, so several can be inlined in one page", () => {
    const ids = (svg: string) => [...svg.matchAll(/id="([^"]+)"/g)].map((match) => match[1]);
    const first = ids(productArtSvg(product));
    const second = new Set(ids(productArtSvg({ ...product, view: 1 })));
    expect(first.length).toBeGreaterThan(0);
    expect(first.filter((id) => second.has(id))).toEqual([]);
  });
});

describe("blogCoverSvg", () => {
  const cover = { title: "Lino e cotone per l'estate", category: "Tendenze", seed: 3 };

  it("is a deterministic 1200×675 document", async () => {
    const svg = blogCoverSvg(cover);
    expect(svg).toBe(blogCoverSvg({ ...cover }));
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg.endsWith("</svg>")).toBe(true);
    expect(await renderedSize(svg)).toEqual({ width: 1200, height: 675 });
    expect(blogCoverSvg({ ...cover, seed: 4 })).not.toBe(svg);
  });

  it("paints no words: the title and category stay on the page, beside the picture", () => {
    const svg = blogCoverSvg({ title: "Lino e cotone per l'estate", category: "Tendenze", seed: 1 });
    expect(svg).not.toMatch(/<text|<tspan/);
    expect(svg).not.toMatch(/Lino|TENDENZE/i);
  });
});
