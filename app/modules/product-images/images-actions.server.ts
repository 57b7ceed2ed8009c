import { parseProductId } from "~/modules/catalog/product-id";
import { type ProductImageIntent, type ProductImagesAnswer, productImageIntents } from "./images-answer";
import {
  addProductImages,
  deleteProductImage,
  type ImageDeps,
  type ImagesOutcome,
  imageMessages,
  moveProductImage,
  type ProductForImages,
  updateProductImage,
} from "./product-images.server";

// Every form of the product images page posts an `intent` here: one place that reads the form and
// words the answer. The route adds no check of its own: the admin area's guard let the admin in.

const isIntent = (value: string): value is ProductImageIntent =>
  (productImageIntents as readonly string[]).includes(value);

export async function runProductImagesAction(
  deps: ImageDeps,
  product: ProductForImages,
  form: FormData,
  { afterUpload }: { afterUpload?: (keys: string[]) => void } = {},
): Promise<ProductImagesAnswer> {
  const intent = String(form.get("intent") ?? "");
  if (!isIntent(intent)) return { intent: "unknown", ok: false, title: "Errore", message: "Azione non riconosciuta." };
  const answer = (outcome: ImagesOutcome): ProductImagesAnswer => ({
    intent,
    ok: outcome.ok,
    title: outcome.ok ? "Successo" : "Errore",
    message: outcome.message,
    ...(!outcome.ok && outcome.problems ? { problems: outcome.problems } : {}),
  });
  const colorName = String(form.get("colorName") ?? "") || null;
  const alt = String(form.get("alt") ?? "");

  if (intent === "upload") {
    // An empty file field still posts one nameless, empty file.
    const files = form
      .getAll("images")
      .filter((value): value is File => typeof value !== "string" && (value.name !== "" || value.size > 0));
    const uploads = await Promise.all(
      files.map(async (file) => ({ name: file.name || "senza nome", bytes: new Uint8Array(await file.arrayBuffer()) })),
    );
    const outcome = await addProductImages(deps, product, uploads, { colorName, alt });
    if (outcome.ok && outcome.keys) afterUpload?.(outcome.keys);
    return answer(outcome);
  }

  // Image ids are int4 like product ids: the same check keeps PostgreSQL from refusing the number.
  const imageId = parseProductId(String(form.get("imageId") ?? ""));
  if (imageId === null) {
    return { intent, ok: false, title: "Errore", message: imageMessages.imageNotFound };
  }
  switch (intent) {
    case "move-up":
    case "move-down":
      return answer(await moveProductImage(deps.db, product.id, imageId, intent === "move-up" ? "up" : "down"));
    case "save":
      return answer(await updateProductImage(deps.db, product, imageId, { alt, colorName }));
    case "delete":
      return answer(await deleteProductImage(deps, product.id, imageId));
  }
}
