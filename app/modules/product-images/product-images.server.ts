import { randomBytes } from "node:crypto";
import { and, asc, eq, max } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { productImages, products, productVariants } from "~/db/schema";
import { logger } from "~/logger.server";
import { type FileStore, fileKeySegments } from "~/modules/files/file-store";
import { prerenderRenditions } from "~/modules/files/images.server";
import { IMAGE_WIDTHS } from "~/modules/files/responsive-images";
import type { Services } from "~/services.server";
import { acceptUpload, storedImageType } from "./accept-upload.server";
import { MAX_ALT_LENGTH } from "./images-answer";
import { MAX_IMAGES_PER_UPLOAD, maxUploadBytes, uploadTooLargeMessage } from "./upload-limits";

// A product's pictures as staff manage them: upload (checked and re-encoded by accept-upload.server.ts,
// stored through the files service), order, alternative text and colour. The storefront reads the same
// product_images rows (catalog/product-details.server.ts), in position order, each colour's own plus
// those of every colour (color_name null).

export type ImageDeps = Pick<Services, "db" | "files">;

export type ManagedImage = { id: number; path: string; alt: string; colorName: string | null; position: number };

export type ProductForImages = {
  id: number;
  name: string;
  /** The product's colours, in the order of its variants: what an image can be assigned to. */
  colors: string[];
  images: ManagedImage[];
};

export type Upload = { name: string; bytes: Uint8Array };

export type ImagesOutcome =
  | { ok: true; message: string /** The files an upload stored. */; keys?: string[] }
  | { ok: false; message: string; problems?: string[] };

export const imageMessages = {
  noFiles: "Scegli almeno un'immagine da caricare.",
  tooManyFiles: `Puoi caricare al massimo ${MAX_IMAGES_PER_UPLOAD} immagini alla volta.`,
  uploadTooLarge: uploadTooLargeMessage,
  refused: "Nessuna immagine caricata: correggi i file indicati e riprova.",
  unknownColor: "Scegli uno dei colori del prodotto, o «Tutti i colori».",
  altMissing: "Scrivi il testo alternativo: descrive l'immagine a chi non può vederla.",
  altTooLong: `Il testo alternativo può avere al massimo ${MAX_ALT_LENGTH} caratteri.`,
  imageNotFound: "Immagine non trovata: forse è già stata eliminata.",
  uploaded: (count: number) => (count === 1 ? "Immagine caricata." : `${count} immagini caricate.`),
  moved: "Ordine delle immagini aggiornato.",
  saved: "Immagine aggiornata.",
  deleted: "Immagine eliminata.",
};

/** The product with its images in the storefront's order, or null when there is no such product. */
export async function productForImages(db: Database, productId: number): Promise<ProductForImages | null> {
  const [product] = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) return null;
  const [variants, images] = await Promise.all([
    db
      .select({ colorName: productVariants.colorName })
      .from(productVariants)
      .where(eq(productVariants.productId, productId))
      .orderBy(asc(productVariants.position), asc(productVariants.id)),
    orderedImages(db, productId),
  ]);
  return { ...product, colors: [...new Set(variants.map((variant) => variant.colorName))], images };
}

/** The alternative text an image gets when staff write none: the product's name and the image's colour. */
export function defaultAlt(productName: string, colorName: string | null): string {
  return colorName ? `${productName}, colore ${colorName}` : productName;
}

/**
 * Checks every file, then stores them all under products/<productId>/ and adds them after the
 * product's other images. One refused file refuses the upload: staff fix it and send the lot again,
 * rather than wondering which ones went in.
 */
export async function addProductImages(
  { db, files }: ImageDeps,
  product: ProductForImages,
  uploads: Upload[],
  { colorName, alt }: { colorName: string | null; alt: string },
): Promise<ImagesOutcome> {
  if (uploads.length === 0) return { ok: false, message: imageMessages.noFiles };
  if (uploads.length > MAX_IMAGES_PER_UPLOAD) return { ok: false, message: imageMessages.tooManyFiles };
  if (uploads.reduce((sum, upload) => sum + upload.bytes.length, 0) > maxUploadBytes) {
    return { ok: false, message: imageMessages.uploadTooLarge };
  }
  const colorProblem = checkColor(product, colorName);
  if (colorProblem) return { ok: false, message: colorProblem };
  const altText = alt.trim() || defaultAlt(product.name, colorName);
  if (altText.length > MAX_ALT_LENGTH) return { ok: false, message: imageMessages.altTooLong };

  // One at a time: each decode may take up to 160 MB, and the server has little to spare.
  const accepted = [];
  const problems: string[] = [];
  for (const upload of uploads) {
    const outcome = await acceptUpload(upload.bytes, upload.name);
    if (outcome.ok) accepted.push(outcome);
    else problems.push(outcome.message);
  }
  if (problems.length > 0) return { ok: false, message: imageMessages.refused, problems };

  const keys = accepted.map(
    () => `products/${product.id}/${randomBytes(8).toString("hex")}.${storedImageType.extension}`,
  );
  try {
    for (const [index, image] of accepted.entries()) {
      await files.put(keys[index] as string, image.bytes, storedImageType.contentType);
    }
    await db.transaction(async (tx) => {
      const [last] = await tx
        .select({ position: max(productImages.position) })
        .from(productImages)
        .where(eq(productImages.productId, product.id));
      const first = (last?.position ?? -1) + 1;
      await tx.insert(productImages).values(
        keys.map((key, index) => ({
          productId: product.id,
          colorName,
          position: first + index,
          path: `/files/${key}`,
          alt: altText,
        })),
      );
    });
  } catch (error) {
    // No file without its row.
    await Promise.all(keys.map((key) => files.delete(key)));
    throw error;
  }
  return { ok: true, message: imageMessages.uploaded(accepted.length), keys };
}

/** Moves one image a place earlier or later in the product's gallery. */
export async function moveProductImage(
  db: Database,
  productId: number,
  imageId: number,
  direction: "up" | "down",
): Promise<ImagesOutcome> {
  return db.transaction(async (tx) => {
    // Locks the product's images, so two reorders at once cannot interleave their renumbering.
    const images = await tx
      .select({ id: productImages.id })
      .from(productImages)
      .where(eq(productImages.productId, productId))
      .orderBy(asc(productImages.position), asc(productImages.id))
      .for("update");
    const from = images.findIndex((image) => image.id === imageId);
    if (from < 0) return { ok: false, message: imageMessages.imageNotFound };
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= images.length) return { ok: true, message: imageMessages.moved };
    const order = images.map((image) => image.id);
    [order[from], order[to]] = [order[to] as number, order[from] as number];
    // Renumbered 0, 1, 2…: positions stay distinct even where older rows shared one.
    for (const [position, id] of order.entries()) {
      await tx.update(productImages).set({ position }).where(eq(productImages.id, id));
    }
    return { ok: true, message: imageMessages.moved };
  });
}

/** Changes an image's alternative text and colour. */
export async function updateProductImage(
  db: Database,
  product: ProductForImages,
  imageId: number,
  { alt, colorName }: { alt: string; colorName: string | null },
): Promise<ImagesOutcome> {
  const altText = alt.trim();
  if (!altText) return { ok: false, message: imageMessages.altMissing };
  if (altText.length > MAX_ALT_LENGTH) return { ok: false, message: imageMessages.altTooLong };
  const colorProblem = checkColor(product, colorName);
  if (colorProblem) return { ok: false, message: colorProblem };
  const updated = await db
    .update(productImages)
    .set({ alt: altText, colorName })
    .where(and(eq(productImages.id, imageId), eq(productImages.productId, product.id)))
    .returning({ id: productImages.id });
  return updated.length > 0
    ? { ok: true, message: imageMessages.saved }
    : { ok: false, message: imageMessages.imageNotFound };
}

/** Removes an image: its row, then its file. */
export async function deleteProductImage(
  { db, files }: ImageDeps,
  productId: number,
  imageId: number,
): Promise<ImagesOutcome> {
  const [deleted] = await db
    .delete(productImages)
    .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)))
    .returning({ path: productImages.path });
  if (!deleted) return { ok: false, message: imageMessages.imageNotFound };
  // Only files under /files are the store's; a row pointing elsewhere (an outside URL) has no file to remove.
  const key = deleted.path.startsWith("/files/") ? deleted.path.slice("/files/".length) : null;
  if (key && fileKeySegments(key)) await files.delete(key);
  return { ok: true, message: imageMessages.deleted };
}

/**
 * Renders the AVIF renditions of freshly uploaded images at every storefront width, one after another
 * through the process's render queue, without holding up the upload's answer: the product page's
 * first visitors then get them from the store's cache instead of a stand-in (about 1.6 s of one core per
 * image of 2400 px; docs/decisions/0008-image-renditions.md).
 */
export function renderUploadsAhead(files: FileStore, keys: string[]): void {
  prerenderRenditions({
    files,
    keys,
    widths: [...IMAGE_WIDTHS],
    format: "avif",
  }).catch((error: unknown) => logger.warn({ err: error, keys }, "rendering uploaded images ahead failed"));
}

function orderedImages(db: Database, productId: number): Promise<ManagedImage[]> {
  return db
    .select({
      id: productImages.id,
      path: productImages.path,
      alt: productImages.alt,
      colorName: productImages.colorName,
      position: productImages.position,
    })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id));
}

function checkColor(product: ProductForImages, colorName: string | null): string | null {
  return colorName === null || product.colors.includes(colorName) ? null : imageMessages.unknownColor;
}
