// The demo catalogue: ~180 believable products of an Italian underwear and clothing shop, built
// from hand-written templates with a seeded random generator and fixed dates, so every call returns
// exactly the same data (product ids, URLs and tests stay stable).

import type { Product, ProductPrice, ProductVariant, Review } from "~/db/schema";
import { ONE_COLOUR, ONE_SIZE } from "~/modules/catalog/selection";
import type { Gender, Subcategory } from "~/modules/catalog/values";
import { slugify } from "~/modules/format/slug";
import { seededRandom } from "../product-art";
import { demoColours, fabrics } from "./materials";
import { type Style, type Template, templates } from "./templates";
import {
  closings,
  fitNotes,
  modelLines,
  oneSizeRemarks,
  origins,
  type Rating,
  reviewAuthors,
  reviewClosings,
  reviewOpenings,
  reviewRemarks,
  reviewServiceNotes,
  reviewSizeOpenings,
} from "./words";

/** A product row (without the search columns, which triggers fill) with its variants, images, prices and reviews. */
/** Worn against the skin: intimate items and swimwear cannot be returned once their seal is opened. */
const hygieneSealedSubcategories = new Set<Subcategory>([
  "slip",
  "culotte",
  "panty",
  "reggiseno",
  "bikini",
  "intero",
  "modellatore",
]);

export type DemoProduct = Omit<
  Product,
  "searchVector" | "searchText" | "archivedAt" | "sizes" | "colors" | "colorSizes" | "isDemo"
> & {
  variants: DemoVariant[];
  images: DemoImage[];
  priceHistory: DemoPrice[];
  reviews: DemoReview[];
};

type DemoVariant = Omit<ProductVariant, "productId">;

/** An image of one colour; `view` 0 is the front, 1 the detail. */
type DemoImage = {
  colorName: string;
  colorCode: string;
  view: number;
  position: number;
  path: string;
  alt: string;
};

type DemoPrice = Pick<ProductPrice, "priceCents" | "validFrom">;

type DemoReview = Pick<Review, "author" | "rating" | "content" | "createdAt">;

// ---------------------------------------------------------------------------
// Seeded randomness
// ---------------------------------------------------------------------------

type Random = ReturnType<typeof createRandom>;

function createRandom(seed: number) {
  const next = seededRandom(seed);
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => itemAt(items, Math.floor(next() * items.length));
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [itemAt(copy, j), itemAt(copy, i)];
    }
    return copy;
  };
  return { next, int, pick, shuffle, chance: (probability: number) => next() < probability };
}

function itemAt<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`No item at index ${index}`);
  return item;
}

const subcategoryCodes: Record<Subcategory, string> = {
  pigiama: "PIG",
  maglia: "MAG",
  calze: "CAL",
  slip: "SLP",
  reggiseno: "REG",
  panty: "PTY",
  "t-shirt": "TSH",
  canottiera: "CAN",
  cappotto: "CAP",
  giacca: "GIA",
  pantaloni: "PAN",
  modellatore: "MOD",
  culotte: "CUL",
  parigamba: "PAR",
  piumino: "PIU",
  camicia: "CAM",
  kaftano: "KAF",
  telo: "TEL",
  sciarpa: "SCI",
  intero: "INT",
  bikini: "BIK",
  gonna: "GON",
  borsa: "BOR",
};

const autumnWinter = new Set<Subcategory>(["maglia", "cappotto", "piumino", "sciarpa", "pigiama", "giacca", "calze"]);

// ---------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------

const dayMs = 24 * 60 * 60 * 1000;
const hourMs = 60 * 60 * 1000;
const firstCreatedAt = Date.UTC(2026, 0, 8, 8, 30);
/** Products are created 39 hours apart, which spreads ~180 of them from January to late October. */
const creationStepMs = 39 * hourMs;
/** Nothing in the demo data happens after this instant. */
const demoNow = Date.UTC(2026, 10, 15, 18, 0);
const newCollectionFrom = Date.UTC(2026, 6, 1);
const outletBefore = Date.UTC(2026, 5, 1);
const discountBefore = Date.UTC(2026, 8, 15);

// ---------------------------------------------------------------------------
// Building
// ---------------------------------------------------------------------------

/** A product before it has an id, dates, prices and stock. */
type Draft = {
  template: Template;
  style: Style;
  name: string;
  brand: string;
  colours: { name: string; code: string }[];
  sizes: string[];
  listPriceCents: number;
  description: string;
  detailsAccordion: string;
};

export function buildDemoCatalog(): DemoProduct[] {
  const random = createRandom(1978);
  const drafts = templates.flatMap((template) => draftProducts(template, random));
  const products = random.shuffle(drafts).map((draft, index) => placeProduct(draft, index + 1, random));
  applyStockScenarios(products, random);
  withdrawPrices(products, random);
  let variantId = 1;
  for (const product of products) {
    for (const variant of product.variants) variant.id = variantId++;
  }
  return products;
}

function draftProducts(template: Template, random: Random): Draft[] {
  const usedNames = new Set<string>();
  const lines = random.shuffle(modelLines[template.gender]);
  return Array.from({ length: template.count }, (_, index) => {
    // Styles and brands in turn, so that every one of them is in the catalogue.
    const style = itemAt(template.styles, index % template.styles.length);
    const brand = itemAt(template.brands, index % template.brands.length);
    const nameWithLine = (lineIndex: number) => style.name.replace("{line}", itemAt(lines, lineIndex % lines.length));
    let lineIndex = index;
    while (usedNames.has(nameWithLine(lineIndex))) lineIndex++;
    const name = nameWithLine(lineIndex);
    usedNames.add(name);
    const fabric = fabrics[style.fabric];
    const sizes = sizeRange(style.sizes ?? template.sizes, random);
    const palette = random.shuffle(template.palette);
    const colours = style.singleColour
      ? [{ name: ONE_COLOUR, code: demoColours[itemAt(palette, 0)] }]
      : palette.slice(0, random.int(1, Math.min(4, palette.length))).map((colour) => ({
          name: colour,
          code: demoColours[colour],
        }));
    return {
      template,
      style,
      name,
      brand,
      colours,
      sizes,
      listPriceCents: pricePoint(template.price, random),
      description: [
        random.pick(template.intros),
        fabric.sentence,
        random.pick(closings[template.gender]).replace("{brand}", brand),
      ].join(" "),
      detailsAccordion: [template.details, sizes[0] === ONE_SIZE ? "" : random.pick(fitNotes), random.pick(origins)]
        .filter(Boolean)
        .join(" "),
    };
  });
}

/** A run of neighbouring sizes: most products skip the smallest or largest sizes of their kind. */
function sizeRange(sizes: readonly string[], random: Random): string[] {
  if (sizes.length <= 3) return [...sizes];
  const length = random.int(Math.min(4, sizes.length), Math.min(8, sizes.length));
  const start = random.int(0, sizes.length - length);
  return sizes.slice(start, start + length);
}

const pricePointsCents = [
  490, 590, 690, 790, 890, 990, 1290, 1490, 1690, 1990, 2290, 2490, 2790, 2990, 3490, 3990, 4490, 4990, 5490, 5990,
  6490, 6990, 7990, 8990, 9900, 10900, 11900, 12900, 13900, 14900, 16900, 18900, 21900, 24900, 28900, 32900,
];

function pricePoint([min, max]: [number, number], random: Random): number {
  return random.pick(pricePointsCents.filter((cents) => cents >= min && cents <= max));
}

function placeProduct(draft: Draft, id: number, random: Random): DemoProduct {
  const { template, style } = draft;
  const createdAtMs = firstCreatedAt + (id - 1) * creationStepMs + random.int(0, 300) * 60_000;
  const createdAt = new Date(createdAtMs);
  const sku = `${subcategoryCodes[template.subcategory]}-${template.gender[0]}${String(id).padStart(4, "0")}`;
  const fabric = fabrics[style.fabric];

  const isNewCollection = autumnWinter.has(template.subcategory) && createdAtMs >= newCollectionFrom;
  const isOutlet = !isNewCollection && createdAtMs < outletBefore && random.chance(0.28);
  // 'Fine Serie' is end-of-line stock: always at a reduced price.
  const discountPercentage = isOutlet
    ? random.pick([30, 40, 50])
    : createdAtMs < discountBefore && random.chance(0.1)
      ? random.pick([10, 15, 20, 25])
      : 0;
  const priceHistory = discountPercentage
    ? discountHistory(draft.listPriceCents, discountPercentage, createdAtMs, random)
    : [{ priceCents: draft.listPriceCents, validFrom: createdAt }];
  const lastPrice = itemAt(priceHistory, priceHistory.length - 1);

  const variants = draft.colours.flatMap((colour, colourIndex) =>
    draft.sizes.map((size, sizeIndex) => ({
      id: 0, // numbered across the whole catalogue once every product is placed
      colorName: colour.name,
      colorCode: colour.code,
      size,
      sku: `${sku}-${skuCode(colour.name)}-${size.replace(/[^0-9A-Za-z]/g, "").toUpperCase()}`,
      stock: random.chance(0.1) ? 0 : random.int(2, 24),
      position: colourIndex * draft.sizes.length + sizeIndex,
    })),
  );

  const images = draft.colours.flatMap((colour, colourIndex) =>
    [0, 1].map((view) => {
      const label = colour.name === ONE_COLOUR ? draft.name : `${draft.name} – ${colour.name}`;
      return {
        colorName: colour.name,
        colorCode: colour.code,
        view,
        position: colourIndex * 2 + view,
        path: `/files/products/${id}/${slugify(colour.name)}-${view}.svg`,
        alt: view === 0 ? label : `${label}, dettaglio`,
      };
    }),
  );

  const tags = [...style.tags, template.subcategory];
  if (isNewCollection) tags.push("autunno-inverno");

  return {
    id,
    name: draft.name,
    gender: template.gender,
    subcategory: template.subcategory,
    hygieneSealed: hygieneSealedSubcategories.has(template.subcategory),
    brand: draft.brand,
    description: draft.description,
    composition: fabric.composition,
    washing: [...fabric.washing],
    detailsAccordion: draft.detailsAccordion,
    minQuantity: style.pack ?? 1,
    pricePerPack: style.pack ? `confezione da ${style.pack}` : null,
    priceCents: lastPrice.priceCents,
    // The list price crossed out; the percentage shown is worked out from the two prices.
    originalPriceCents: discountPercentage ? draft.listPriceCents : null,
    isNew: false,
    isNewCollection,
    isOutlet,
    tags,
    sku,
    createdAt,
    updatedAt: lastPrice.validFrom,
    variants,
    images,
    priceHistory,
    reviews: buildReviews(template.gender, draft.sizes[0] === ONE_SIZE, createdAtMs, random),
  };
}

/**
 * List price from creation, sometimes a short earlier promotion, then the current reduced price.
 * The earlier promotion, when it falls in the 30 days before the reduction, is the Omnibus
 * "lowest price of the previous 30 days" and differs from the list price.
 */
function discountHistory(listCents: number, percentage: number, createdAtMs: number, random: Random): DemoPrice[] {
  const reducedFrom = Math.min(createdAtMs + random.int(35, 90) * dayMs, demoNow - 5 * dayMs);
  const history: DemoPrice[] = [{ priceCents: listCents, validFrom: new Date(createdAtMs) }];
  if (random.chance(0.5)) {
    const promoFrom = reducedFrom - random.int(12, 25) * dayMs;
    history.push(
      // Half the final reduction, so the reduction stays a real one against the 30-day low.
      { priceCents: salePriceCents(listCents, percentage / 2), validFrom: new Date(promoFrom) },
      { priceCents: listCents, validFrom: new Date(promoFrom + 7 * dayMs) },
    );
  }
  history.push({ priceCents: salePriceCents(listCents, percentage), validFrom: new Date(reducedFrom) });
  return history;
}

/**
 * A reduced price as a shop writes it, never above the exact reduction (so the percentage shown is
 * never more than the real cut): below 100 € it ends in ,90 (20,93 → 20,90), from 100 € in ,00.
 */
export function salePriceCents(listCents: number, percentage: number): number {
  const exact = Math.floor((listCents * (100 - percentage)) / 100);
  const euros = Math.floor(exact / 100);
  if (exact >= 10_000) return euros * 100;
  return exact >= euros * 100 + 90 ? euros * 100 + 90 : euros * 100 - 10;
}

function buildReviews(gender: Gender, isOneSize: boolean, createdAtMs: number, random: Random): DemoReview[] {
  if (!random.chance(0.6)) return [];
  const authors = random.shuffle(reviewAuthors).slice(0, random.int(1, 5));
  const reviews = authors.map((author) => {
    const roll = random.next();
    // Mostly happy customers, as in a real shop.
    const rating: Rating = roll < 0.45 ? 5 : roll < 0.75 ? 4 : roll < 0.88 ? 3 : roll < 0.95 ? 2 : 1;
    const openings = isOneSize
      ? reviewOpenings[rating]
      : [...reviewOpenings[rating], ...(reviewSizeOpenings[rating] ?? [])];
    const sentences = [random.pick(openings)];
    if (rating >= 4 && random.chance(0.6))
      sentences.push(random.pick(isOneSize ? oneSizeRemarks : reviewRemarks[gender]));
    if (random.chance(0.3)) sentences.push(random.pick(rating >= 4 ? reviewClosings : reviewServiceNotes));
    const createdAt = Math.min(createdAtMs + random.int(4, 120) * dayMs + random.int(0, 720) * 60_000, demoNow);
    return { author, rating, content: sentences.join(" "), createdAt: new Date(createdAt) };
  });
  return reviews.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/**
 * Makes sure the catalogue shows every stock situation the storefront handles: sold-out products
 * (some in the outlet), sold-out colours, single pieces, and the newest arrivals flagged as new.
 */
function applyStockScenarios(products: DemoProduct[], random: Random): void {
  const outlet = random.shuffle(products.filter((product) => product.isOutlet));
  const others = random.shuffle(products.filter((product) => !product.isOutlet));
  const soldOut = [...outlet.slice(0, 2), ...others.slice(0, 5)];
  for (const product of soldOut) {
    for (const variant of product.variants) variant.stock = 0;
  }
  const soldOutIds = new Set(soldOut.map((product) => product.id));
  const available = random.shuffle(products.filter((product) => !soldOutIds.has(product.id)));

  // The last piece of a whole product, then last pieces of single variants.
  for (const product of available.slice(0, 3)) {
    for (const variant of product.variants) variant.stock = 0;
    itemAt(product.variants, random.int(0, product.variants.length - 1)).stock = 1;
  }
  for (const product of available.slice(3, 20)) {
    const inStock = product.variants.filter((variant) => variant.stock > 0);
    if (inStock.length > 1) random.pick(inStock).stock = 1;
  }

  const multiColour = available.slice(20).filter((product) => colourNames(product).length >= 2);
  for (const product of multiColour.slice(0, 12)) {
    const colour = random.pick(colourNames(product));
    for (const variant of product.variants) if (variant.colorName === colour) variant.stock = 0;
  }

  const newest = [...products].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, 16);
  for (const product of newest) product.isNew = !soldOutIds.has(product.id) && random.chance(0.75);
}

/** A few products whose price is not available yet: shown in the shop, not purchasable. */
function withdrawPrices(products: DemoProduct[], random: Random): void {
  const candidates = products.filter(
    (product) =>
      product.originalPriceCents === null && !product.isOutlet && !product.isNew && product.minQuantity === 1,
  );
  for (const product of random.shuffle(candidates).slice(0, 3)) {
    product.priceCents = null;
    product.priceHistory = [];
  }
}

function colourNames(product: DemoProduct): string[] {
  return [...new Set(product.variants.map((variant) => variant.colorName))];
}

function skuCode(colourName: string): string {
  return slugify(colourName)
    .split("-")
    .map((word) => word.slice(0, 3).toUpperCase())
    .join("");
}
