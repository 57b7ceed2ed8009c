import { data, redirect } from "react-router";
import { genderPath, ProductPage } from "~/components/product/product-page";
import { config } from "~/config.server";
import { getCurrentUser } from "~/modules/accounts/session.server";
import { getProductDetails, getRelatedProducts } from "~/modules/catalog/product-details.server";
import { parseProductId } from "~/modules/catalog/product-id";
import { reviewLimit, reviewPerProductLimit } from "~/modules/catalog/rate-limits.server";
import { addReview } from "~/modules/catalog/reviews.server";
import { imageUrl } from "~/modules/files/responsive-images";
import type { ActionResult } from "~/modules/forms/action-result";
import { readForm } from "~/modules/forms/read-form.server";
import { formRateLimit } from "~/modules/security/form-rate-limit.server";
import { honeypotFilled } from "~/modules/security/honeypot";
import { canonicalMeta, imageMeta, pageMeta } from "~/modules/seo/meta";
import { breadcrumbJsonLd, productJsonLd } from "~/modules/seo/structured-data";
import { optionalPart } from "~/optional-part.server";
import { services } from "~/services.server";
import type { Route } from "./+types/product";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = services(context);
  const id = parseProductId(params.id);
  if (id === null) throw redirect("/404");
  const product = await getProductDetails(db, id);
  if (!product) throw redirect("/404");
  // An extra: a failure shows no related products rather than no product page.
  const related = await optionalPart(getRelatedProducts(db, product), [], "related products failed", {
    productId: product.id,
  });
  const { publicUrl } = config();
  const url = `${publicUrl}/product/${product.id}`;
  const images = product.images.map((image) => `${publicUrl}${imageUrl(image.path, 1200)}`);
  // Built here rather than in meta, so the JSON-LD code stays on the server.
  const structuredData = [
    productJsonLd({
      name: product.name,
      description: product.description,
      sku: product.sku,
      brand: product.brand,
      url,
      images,
      priceCents: product.priceCents,
      inStock: product.inStock > 0,
      rating: product.rating,
      reviewCount: product.reviewCount,
    }),
    breadcrumbJsonLd([
      { name: "Home", url: `${publicUrl}/` },
      { name: "Shop", url: `${publicUrl}/shop` },
      { name: product.gender, url: `${publicUrl}${genderPath(product.gender)}` },
      { name: product.name, url },
    ]),
  ];
  return { product, related, url, previewImage: images[0] ?? null, structuredData };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db } = services(context);
  const limited =
    (await formRateLimit(db, reviewLimit, request)) ??
    (await formRateLimit(db, reviewPerProductLimit, request, params.id));
  if (limited) return limited;
  const form = await readForm(request);
  // A bot filled the hidden field: it gets the usual answer and nothing is stored.
  if (honeypotFilled(form)) return data<ActionResult>({ ok: true });
  const user = await getCurrentUser(request);
  const result = await addReview(
    db,
    {
      productId: params.id,
      author: form.get("author") ?? undefined,
      rating: form.get("rating") ?? undefined,
      content: form.get("content") ?? undefined,
    },
    user?.id ?? null,
  );
  if (!result.ok) return data<ActionResult>({ ok: false, fieldErrors: result.errors }, { status: 400 });
  return data<ActionResult>({ ok: true });
}

/** The first sentences of the description, within the ~155 characters search engines show. */
function summary(text: string, limit = 155): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), limit / 2))}…`;
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Prodotto non trovato." }];
  const { product, url, previewImage, structuredData } = loaderData;
  return [
    ...pageMeta(`${product.name} – ${product.brand}`, summary(product.description)),
    ...canonicalMeta(url),
    ...(previewImage ? imageMeta(previewImage, product.name) : []),
    ...structuredData.map((item) => ({ "script:ld+json": item })),
  ];
}

export default function Product({ loaderData }: Route.ComponentProps) {
  return <ProductPage {...loaderData} />;
}
