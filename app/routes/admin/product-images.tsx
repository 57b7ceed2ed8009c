import { data } from "react-router";
import { ProductImagesPage } from "~/components/admin/products/product-images-page";
import { currentAdmin } from "~/modules/accounts/admin-guard.server";
import { parseProductId } from "~/modules/catalog/product-id";
import { failed } from "~/modules/forms/action-result";
import { readForm } from "~/modules/forms/read-form.server";
import { uploadWasTooLarge } from "~/modules/forms/upload-too-large";
import { runProductImagesAction } from "~/modules/product-images/images-actions.server";
import { productForImages, renderUploadsAhead } from "~/modules/product-images/product-images.server";
import { services } from "~/services.server";
import type { Route } from "./+types/product-images";

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.product ? `Immagini di ${loaderData.product.name}` : "Prodotto non trovato";
  return [{ title }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  currentAdmin(context);
  const productId = parseProductId(params.productId);
  const product = productId === null ? null : await productForImages(services(context).db, productId);
  if (!product) return data({ product: null, uploadTooLarge: false }, { status: 404 });
  return { product, uploadTooLarge: uploadWasTooLarge(request) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  currentAdmin(context);
  const productId = parseProductId(params.productId);
  const deps = services(context);
  const product = productId === null ? null : await productForImages(deps.db, productId);
  if (!product) {
    return data(failed({ notice: { title: "Errore", description: "Prodotto non trovato." } }), { status: 404 });
  }
  const afterUpload = (keys: string[]) => renderUploadsAhead(deps.files, keys);
  const answer = await runProductImagesAction(deps, product, await readForm(request), { afterUpload });
  return data(answer, { status: answer.ok ? 200 : 422 });
}

export default function AdminProductImages({ loaderData, actionData }: Route.ComponentProps) {
  return <ProductImagesPage {...loaderData} answer={actionData} />;
}
