import type { ReactNode } from "react";

/** An empty or failed list, in place of the products. */
export function SectionMessage({
  title,
  children,
  tone = "quiet",
}: {
  title: string;
  children?: ReactNode;
  tone?: "quiet" | "error";
}) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-sm border px-6 py-14 text-center ${tone === "error" ? "border-sale/30 bg-blush" : "border-sand bg-linen/60"}`}
    >
      <p className={`text-lg ${tone === "error" ? "text-sale" : "text-ink"}`}>{title}</p>
      {children && <div className="mt-2 text-sm text-ink-soft">{children}</div>}
    </div>
  );
}
