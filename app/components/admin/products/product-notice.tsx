import type { ProductResult } from "~/modules/product-admin/product-actions.server";

/** The answer of the last product action, or what was just done before a redirect here, in the page. */
export function ProductNotice({ answer, done = null }: { answer: ProductResult | undefined; done?: string | null }) {
  const message = answer?.notice?.title ?? done;
  if (!message) return null;
  const failed = answer?.ok === false;
  return (
    <div
      role={failed ? "alert" : "status"}
      className={`mt-4 rounded-md border p-3 text-sm text-ink ${failed ? "border-sale bg-white" : "border-sand bg-linen"}`}
    >
      {message}
    </div>
  );
}
