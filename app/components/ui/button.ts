// The two button looks of the shop, for <button> and <Link> alike.
const base =
  "inline-flex items-center justify-center gap-2 rounded-sm px-6 py-3 text-sm font-medium uppercase tracking-[0.14em] transition-colors";

export const buttonClass = {
  primary: `${base} bg-ink text-ivory hover:bg-wine`,
  secondary: `${base} border border-ink text-ink hover:bg-ink hover:text-ivory`,
  /** What cannot be bought: it still answers a click, to say why. */
  soldOut: `${base} cursor-not-allowed border border-sand bg-linen text-ink-soft`,
};
