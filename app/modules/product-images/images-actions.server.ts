import { parseProductId } from "~/modules/catalog/product-id";
import { failed, handleIntent } from "~/modules/forms/action-result";
import type { ProductImageIntent, ProductImagesResult } from "./images-answer";
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

export async function runProductImagesAction(
  deps: ImageDeps,
  product: ProductForImages,
  form: FormData,
  { afterUpload }: { afterUpload?: (keys: string[]) => void } = {},
): Promise<ProductImagesResult> {
  const answer = (intent: ProductImageIntent, outcome: ImagesOutcome): ProductImagesResult => ({
    intent,
    ok: outcome.ok,
    notice: { title: outcome.ok ? "Successo" : "Errore", description: outcome.message },
    ...(!outcome.ok && outcome.problems ? { data: { problems: outcome.problems } } : {}),
  });
  const colorName = String(form.get("colorName") ?? "") || null;
  const alt = String(form.get("alt") ?? "");
  // Image ids are int4 like product ids: the same check keeps PostgreSQL from refusing the number.
  const imageId = parseProductId(String(form.get("imageId") ?? ""));
  /** An action on one image of the product, the form's. */
  const ofImage =
    (run: (imageId: number) => Promise<ImagesOutcome>) =>
    async (intent: ProductImageIntent): Promise<ProductImagesResult> =>
      imageId === null
        ? failed({ intent, notice: { title: "Errore", description: imageMessages.imageNotFound } })
        : answer(intent, await run(imageId));

  return handleIntent(form, {
    upload: async (intent) => {
      // An empty file field still posts one nameless, empty file.
      const files = form
        .getAll("images")
        .filter((value): value is File => typeof value !== "string" && (value.name !== "" || value.size > 0));
      const uploads = await Promise.all(
        files.map(async (file) => ({
          name: file.name || "senza nome",
          bytes: new Uint8Array(await file.arrayBuffer()),
        })),
      );
      const outcome = await addProductImages(deps, product, uploads, { colorName, alt });
      if (outcome.ok && outcome.keys) afterUpload?.(outcome.keys);
      return answer(intent, outcome);
    },
    "move-up": ofImage((id) => moveProductImage(deps.db, product.id, id, "up")),
    "move-down": ofImage((id) => moveProductImage(deps.db, product.id, id, "down")),
    save: ofImage((id) => updateProductImage(deps.db, product, id, { alt, colorName })),
    delete: ofImage((id) => deleteProductImage(deps, product.id, id)),
  });
}
