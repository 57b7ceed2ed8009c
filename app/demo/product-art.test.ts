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

/** Rendering fails on malformed XML, so a successful render is the well-formedness check. */
async function renderedSize(svg: string) {
  const { width, height } = await sharp(Buffer.from(svg))
    .png()
    .toBuffer({ resolveWithObject: true })
    .then((r) => r.info);
  return { width, height };
}

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

  it.each(subcategories)("renders %s, distinct from the generic shape", async (subcategory) => {
    for (const gender of genders) {
      for (const view of [0, 1]) {
        expect(productArtSvg({ ...product, subcategory, gender, view }).length).toBeLessThan(8000);
      }
    }
    const white = productArtSvg({ ...product, subcategory, gender: "Bambini", colorHex: "#ffffff", view: 1 });
    const black = productArtSvg({ ...product, subcategory, gender: "Uomo", colorHex: "#111111" });
    expect(await renderedSize(white)).toEqual({ width: 800, height: 1000 });
    expect(await renderedSize(black)).toEqual({ width: 800, height: 1000 });
    const withoutIds = (svg: string) => svg.replace(/a[0-9a-z]+-/g, "");
    expect(withoutIds(productArtSvg({ ...product, subcategory }))).not.toBe(
      withoutIds(productArtSvg({ ...product, subcategory: "sconosciuta" })),
    );
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
