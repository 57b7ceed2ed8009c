/** What the owner types to confirm 'Inizia con il tuo negozio': removing the demo cannot be undone. */
export const demoRemovalConfirmation = "INIZIA";

/** How many demo rows the shop holds, by kind. */
export type DemoRowCounts = { products: number; blogPosts: number; reviews: number; orders: number };

export type DemoRemoval = DemoRowCounts & {
  /** Demo products a real order bought: kept, archived, as the owner's own, so the order still names them. */
  archivedProducts: number;
};

export function hasDemoRows(counts: DemoRowCounts): boolean {
  return Object.values(counts).some((n) => n > 0);
}
