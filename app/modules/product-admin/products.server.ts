import { and, asc, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import { orderItems, type Product, productPriceHistory, products, productVariants, stockHolds } from "~/db/schema";
import { forgetCatalogFacets } from "~/modules/catalog/facets.server";
import { lowestPriceBeforeCurrent } from "~/modules/catalog/omnibus";
import type { Clock } from "~/services.server";
import { type ProductInput, variantSku } from "./product-form";

// Staff's changes to the catalogue: saving a product with its variants, archiving, duplicating and
// the quick stock edit. Every change is one transaction; the storefront reads the database on every
// request, so a change shows at once (the shop's filter choices are re-read too: forgetCatalogFacets).
//
// Stock is also taken by orders meanwhile (checkout, docs/decisions/0005): staff's stock is written
// only where it is still the one the form showed, so a sale made while the form was open is never
// overwritten; otherwise the whole save is refused and says which variant changed.

export type SaveOutcome =
  | { ok: true; productId: number; message: string }
  | { ok: false; fieldErrors?: Record<string, string>; message: string };

type Deps = { db: Database; clock: Clock };

export const saveMessages = {
  saved: "Prodotto salvato.",
  created: "Prodotto creato.",
  notFound: "Prodotto non trovato.",
  invalid: "Controlla i campi evidenziati.",
  productSkuTaken: (sku: string) => `Lo SKU ${sku} è già usato da un altro prodotto.`,
  variantSkuTaken: (sku: string) => `Lo SKU ${sku} è già usato da un'altra variante.`,
  skuTaken: "Uno degli SKU è già in uso: cambialo e riprova.",
  variantSwapped: "Due varianti si scambiano colore e taglia: salva prima l'una con un'altra taglia, poi l'altra.",
  variantNotFound: "Una delle varianti non esiste più: ricarica la pagina.",
  variantInOrders: (label: string) =>
    `La variante ${label} compare in ordini e non si può eliminare: metti la giacenza a 0 per non venderla più.`,
  stockChanged: (label: string, now: number) =>
    `La giacenza di ${label} è cambiata nel frattempo (ora ${now}): ricarica la pagina e riprova.`,
  archived: "Prodotto archiviato: non è più in vendita.",
  unarchived: "Prodotto di nuovo in vendita.",
  duplicated: "Copia creata: è archiviata finché non la rimetti in vendita.",
  stockSaved: (count: number) => (count === 1 ? "Giacenza aggiornata." : `Giacenze aggiornate (${count}).`),
  stockUnchanged: "Nessuna giacenza cambiata.",
} as const;

/** Thrown inside a transaction to roll it back with an answer for staff. */
class Refused extends Error {
  constructor(readonly answer: SaveOutcome & { ok: false }) {
    super(answer.message);
  }
}

const variantLabel = (variant: { colorName: string; size: string }) => `${variant.colorName} ${variant.size}`;

/** Creates the product (productId null) or saves it; the price history gets the new price when it changed. */
export async function saveProduct(deps: Deps, productId: number | null, input: ProductInput): Promise<SaveOutcome> {
  try {
    const id = await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      await checkSkus(tx, productId, input);
      const values = productValues(input);
      let id: number;
      if (productId === null) {
        const [created] = await tx.insert(products).values(values).returning({ id: products.id });
        id = (created as { id: number }).id;
        if (input.priceCents !== null) await recordPrice(tx, id, input.priceCents, now);
      } else {
        const [current] = await tx
          .select({ priceCents: products.priceCents })
          .from(products)
          .where(eq(products.id, productId))
          .for("update");
        if (!current) throw new Refused({ ok: false, message: saveMessages.notFound });
        await tx.update(products).set(values).where(eq(products.id, productId));
        if (input.priceCents !== null && input.priceCents !== current.priceCents) {
          await recordPrice(tx, productId, input.priceCents, now);
        }
        id = productId;
      }
      await saveVariants(tx, id, input);
      return id;
    });
    forgetCatalogFacets();
    return { ok: true, productId: id, message: productId === null ? saveMessages.created : saveMessages.saved };
  } catch (error) {
    if (error instanceof Refused) return error.answer;
    // Another save took the same SKU between the check and the write, or rows were swapped in one save.
    const constraint = uniqueViolation(error);
    if (constraint === "product_variants_product_color_size_unique") {
      return { ok: false, message: saveMessages.variantSwapped };
    }
    if (constraint !== null) return { ok: false, message: saveMessages.skuTaken };
    throw error;
  }
}

function productValues(input: ProductInput) {
  return {
    name: input.name,
    gender: input.gender,
    subcategory: input.subcategory,
    brand: input.brand,
    sku: input.sku,
    description: input.description,
    composition: input.composition,
    washing: input.washing,
    detailsAccordion: input.details,
    minQuantity: input.minQuantity,
    pricePerPack: input.pricePerPack,
    priceCents: input.priceCents,
    originalPriceCents: input.originalPriceCents,
    isNew: input.isNew,
    isNewCollection: input.isNewCollection,
    isOutlet: input.isOutlet,
    hygieneSealed: input.hygieneSealed,
  } satisfies Partial<Product>;
}

/** The Omnibus history (modules/catalog/omnibus.ts) reads these rows: one for every price the product has had. */
async function recordPrice(tx: Transaction, productId: number, priceCents: number, validFrom: Date): Promise<void> {
  await tx.insert(productPriceHistory).values({ productId, priceCents, validFrom });
}

/** SKUs already used by other products or their variants: named under their own fields. */
async function checkSkus(tx: Transaction, productId: number | null, input: ProductInput): Promise<void> {
  const otherProduct = productId === null ? undefined : ne(products.id, productId);
  const otherVariant = productId === null ? undefined : ne(productVariants.productId, productId);
  const skus = input.variants.map((variant) => variantSku(input.sku, variant));
  const [takenProduct, takenVariants] = await Promise.all([
    tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.sku, input.sku), otherProduct)),
    tx
      .select({ sku: productVariants.sku })
      .from(productVariants)
      .where(and(inArray(productVariants.sku, skus), otherVariant)),
  ]);
  const fieldErrors: Record<string, string> = {};
  if (takenProduct.length > 0) fieldErrors.sku = saveMessages.productSkuTaken(input.sku);
  const taken = new Set(takenVariants.map((row) => row.sku));
  skus.forEach((sku, index) => {
    if (taken.has(sku)) fieldErrors[`variants.${index}.sku`] = saveMessages.variantSkuTaken(sku);
  });
  if (Object.keys(fieldErrors).length > 0) throw new Refused({ ok: false, fieldErrors, message: saveMessages.invalid });
}

/**
 * Brings the product's variants to the form's rows: rows with an id are updated, new rows inserted,
 * variants left out deleted. A variant that orders or stock holds name is kept (its orders restock
 * it on a cancellation or a return): staff set its stock to 0 instead.
 */
async function saveVariants(tx: Transaction, productId: number, input: ProductInput): Promise<void> {
  const existing = await tx
    .select({
      id: productVariants.id,
      colorName: productVariants.colorName,
      size: productVariants.size,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.id));
  const existingIds = new Set(existing.map((variant) => variant.id));
  if (input.variants.some((variant) => variant.id !== null && !existingIds.has(variant.id))) {
    throw new Refused({ ok: false, message: saveMessages.variantNotFound });
  }
  const kept = new Set(input.variants.map((variant) => variant.id));
  const removed = existing.filter((variant) => !kept.has(variant.id));
  if (removed.length > 0) {
    const removedIds = removed.map((variant) => variant.id);
    const [ordered, held] = await Promise.all([
      tx.selectDistinct({ id: orderItems.variantId }).from(orderItems).where(inArray(orderItems.variantId, removedIds)),
      tx
        .selectDistinct({ id: stockHolds.variantId })
        .from(stockHolds)
        .where(and(inArray(stockHolds.variantId, removedIds), isNull(stockHolds.releasedAt))),
    ]);
    const named = new Set([...ordered, ...held].map((row) => row.id));
    const blocked = removed.find((variant) => named.has(variant.id));
    if (blocked) {
      throw new Refused({
        ok: false,
        fieldErrors: { variants: saveMessages.variantInOrders(variantLabel(blocked)) },
        message: saveMessages.variantInOrders(variantLabel(blocked)),
      });
    }
    await tx.delete(productVariants).where(inArray(productVariants.id, removedIds));
  }

  // Stock first, in variant id order (the order checkout locks them in), each only where unchanged.
  const stockChanges = input.variants
    .filter((variant) => variant.id !== null && variant.stockSeen !== null && variant.stock !== variant.stockSeen)
    .map((variant) => ({
      variantId: variant.id as number,
      stock: variant.stock,
      stockSeen: variant.stockSeen as number,
    }));
  await writeStock(tx, stockChanges);

  for (const [position, variant] of input.variants.entries()) {
    const values = {
      colorName: variant.colorName,
      colorCode: variant.colorCode,
      size: variant.size,
      sku: variantSku(input.sku, variant),
      position,
    };
    if (variant.id === null) {
      await tx.insert(productVariants).values({ ...values, productId, stock: variant.stock });
    } else {
      await tx.update(productVariants).set(values).where(eq(productVariants.id, variant.id));
    }
  }
}

export type StockChange = { variantId: number; stock: number; stockSeen: number };

/**
 * Writes each variant's new stock where it is still the stock the form showed. A row an order
 * changed meanwhile (or that is gone) refuses the whole change, naming the variant and its stock now.
 */
async function writeStock(tx: Transaction, changes: StockChange[]): Promise<void> {
  for (const change of [...changes].sort((a, b) => a.variantId - b.variantId)) {
    const written = await tx
      .update(productVariants)
      .set({ stock: change.stock })
      .where(and(eq(productVariants.id, change.variantId), eq(productVariants.stock, change.stockSeen)))
      .returning({ id: productVariants.id });
    if (written.length > 0) continue;
    const [now] = await tx
      .select({ colorName: productVariants.colorName, size: productVariants.size, stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, change.variantId));
    if (!now) throw new Refused({ ok: false, message: saveMessages.variantNotFound });
    throw new Refused({ ok: false, message: saveMessages.stockChanged(variantLabel(now), now.stock) });
  }
}

/** The list's quick stock edit: every changed variant in one transaction, or none when one changed meanwhile. */
export async function updateStock(db: Database, changes: StockChange[]): Promise<SaveOutcome> {
  const changed = changes.filter((change) => change.stock !== change.stockSeen);
  if (changed.length === 0) return { ok: false, message: saveMessages.stockUnchanged };
  try {
    await db.transaction((tx) => writeStock(tx, changed));
  } catch (error) {
    if (error instanceof Refused) return error.answer;
    throw error;
  }
  return { ok: true, productId: 0, message: saveMessages.stockSaved(changed.length) };
}

/** Takes the product off sale (archived) or puts it back; its orders keep their lines either way. */
export async function setArchived(deps: Deps, productId: number, archived: boolean): Promise<SaveOutcome> {
  const updated = await deps.db
    .update(products)
    .set({ archivedAt: archived ? deps.clock.now() : null })
    .where(eq(products.id, productId))
    .returning({ id: products.id });
  if (updated.length === 0) return { ok: false, message: saveMessages.notFound };
  forgetCatalogFacets();
  return { ok: true, productId, message: archived ? saveMessages.archived : saveMessages.unarchived };
}

/**
 * A copy to start a similar product from: "Nome (copia)", SKUs with a "-COPIA" suffix, every stock 0,
 * no images (they are files of the original). It is archived, so it is not on sale until staff
 * have checked it and put it on sale.
 */
export async function duplicateProduct(deps: Deps, productId: number): Promise<SaveOutcome> {
  const result = await deps.db.transaction(async (tx) => {
    const original = await tx.query.products.findFirst({
      where: eq(products.id, productId),
      columns: { id: false, searchVector: false, searchText: false, createdAt: false, updatedAt: false },
      with: { variants: { orderBy: (variant) => [asc(variant.position), asc(variant.id)] } },
    });
    if (!original) return null;
    const { variants, ...product } = original;
    const now = deps.clock.now();
    const suffix = await freeCopySuffix(tx, [product.sku, ...variants.map((variant) => variant.sku)]);
    const [copy] = await tx
      .insert(products)
      .values({ ...product, name: `${product.name} (copia)`, sku: `${product.sku}${suffix}`, archivedAt: now })
      .returning({ id: products.id });
    const copyId = (copy as { id: number }).id;
    if (variants.length > 0) {
      await tx.insert(productVariants).values(
        variants.map(({ id: _id, productId: _productId, ...variant }) => ({
          ...variant,
          productId: copyId,
          sku: `${variant.sku}${suffix}`,
          stock: 0,
        })),
      );
    }
    if (product.priceCents !== null) await recordPrice(tx, copyId, product.priceCents, now);
    return copyId;
  });
  if (result === null) return { ok: false, message: saveMessages.notFound };
  return { ok: true, productId: result, message: saveMessages.duplicated };
}

/** "-COPIA", or "-COPIA2", "-COPIA3"… the first that makes none of these SKUs collide. */
async function freeCopySuffix(tx: Transaction, skus: string[]): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const suffix = attempt === 1 ? "-COPIA" : `-COPIA${attempt}`;
    const candidates = skus.map((sku) => `${sku}${suffix}`);
    const [taken] = await tx
      .execute<{ taken: boolean }>(sql`
      select exists (select 1 from products where sku = any(${sql.param(candidates)}::text[]))
        or exists (select 1 from product_variants where sku = any(${sql.param(candidates)}::text[])) as taken`)
      .then((answer) => answer.rows);
    if (!taken?.taken) return suffix;
  }
}

export type EditableProduct = NonNullable<Awaited<ReturnType<typeof loadProductForEdit>>>;

/** The product as the edit page shows it: every field, its variants, its price history and Omnibus price. */
export async function loadProductForEdit(db: Database, productId: number, now: Date) {
  const row = await db.query.products.findFirst({
    where: eq(products.id, productId),
    columns: { searchVector: false, searchText: false },
    with: {
      variants: { orderBy: (variant) => [asc(variant.position), asc(variant.id)] },
      priceHistory: {
        columns: { priceCents: true, validFrom: true },
        orderBy: (point) => [desc(point.validFrom), desc(point.id)],
      },
    },
  });
  if (!row) return null;
  const { priceHistory, ...product } = row;
  return {
    ...product,
    archivedAt: product.archivedAt?.toISOString() ?? null,
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
    lowestPrice30DaysCents: lowestPriceBeforeCurrent(priceHistory, now),
    priceHistory: priceHistory.slice(0, 10).map((point) => ({
      priceCents: point.priceCents,
      validFrom: point.validFrom.toISOString(),
    })),
  };
}

/** The constraint of a unique violation, however the driver wraps it (drizzle puts pg's error in `cause`); else null. */
function uniqueViolation(error: unknown): string | null {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === "23505") return typeof constraint === "string" ? constraint : "";
  }
  return null;
}
