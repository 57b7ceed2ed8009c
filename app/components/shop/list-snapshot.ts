import type { ProductPage } from "~/modules/catalog/listing.server";

// A list as a history entry left it, kept in the tab's sessionStorage so that Back shows it again,
// the pages loaded and where it was, even when the browser loads the page anew. Only leaving a list
// and coming back need this: use-infinite-products.ts loads it once the page runs.

/** The list as a history entry left it. */
export type Snapshot = Pick<ProductPage, "products" | "totalCount" | "nextCursor" | "suggestions"> & {
  entry: string;
  query: string;
  scrollY: number;
};

const SNAPSHOT_STORAGE_KEY = "shopList";

export function readSnapshot(entry: string, query: string): Snapshot | null {
  try {
    const snapshot = JSON.parse(window.sessionStorage.getItem(SNAPSHOT_STORAGE_KEY) ?? "null") as Snapshot | null;
    return snapshot?.entry === entry && snapshot.query === query ? snapshot : null;
  } catch {
    return null;
  }
}

export function writeSnapshot(snapshot: Snapshot): void {
  try {
    window.sessionStorage.setItem(SNAPSHOT_STORAGE_KEY, JSON.stringify(snapshot));
  } catch {
    // Storage refused or full: Back shows the list from its first page.
  }
}

/** The page was loaded by the browser's Back or Forward. */
export function loadedByBack(): boolean {
  const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  return navigation?.type === "back_forward";
}
