import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { ProductPage } from "~/modules/catalog/listing.server";
import { catalogMessages, loadFailureDetails } from "~/modules/catalog/messages";
import { PRODUCT_LIST_CACHE_MS } from "~/modules/shop/constants";

// The pages of /shop's infinite list, loaded from /api/catalogo. A list is identified by its request
// query (every filter, see filtersToRequestParams); what was loaded stays in this tab for 5 minutes,
// so going back to a list shows it at once, with no refetch on focus or remount. Back to a list
// brings it as that history entry left it, whatever its age, even when the browser loads the page
// again: the pages loaded and the scroll position are kept in the tab's sessionStorage.

type LoadedList = Pick<ProductPage, "products" | "totalCount" | "nextCursor" | "suggestions">;

export type ProductListState = LoadedList & {
  query: string;
  status: "ready" | "loading" | "error";
  /** The message 'Impossibile caricare i prodotti: …' when the last load failed. */
  error: string | null;
};

// Back's snapshots of lists (list-snapshot.ts), loaded when a list first shows.
let snapshots: typeof import("./list-snapshot") | undefined;

const emptyList: LoadedList = { products: [], totalCount: 0, nextCursor: null, suggestions: [] };

// Only in the browser: on the server this module is shared by every request, so a list kept there
// would be rendered again after the change that altered it (an archived product still listed), and
// rendered into pages the guest page cache keeps, and differ from what the browser hydrates (#418).
const cache = typeof document === "undefined" ? null : new Map<string, LoadedList & { savedAt: number }>();

function remember(query: string, list: LoadedList): void {
  if (!cache) return;
  const previous = cache.get(query);
  // The first page's time counts: a list kept alive by scrolling still expires 5 minutes after it began.
  cache.set(query, { ...list, savedAt: previous?.savedAt ?? Date.now() });
}

/** What the server rendered: the first page of the list `query`, or why it could not. */
export type ServerList = { query: string; page: ProductPage | null; error: string | null };

function startState(query: string, initial: ServerList | null): ProductListState {
  const cached = cache?.get(query);
  if (cached && Date.now() - cached.savedAt < PRODUCT_LIST_CACHE_MS) {
    return { ...cached, query, status: "ready", error: null };
  }
  if (initial?.query === query && initial.page) {
    remember(query, initial.page);
    return { ...initial.page, query, status: "ready", error: null };
  }
  if (initial?.query === query) {
    return { ...emptyList, query, status: "error", error: initial.error };
  }
  return { ...emptyList, query, status: "loading", error: null };
}

/**
 * The products of the list `query`, starting from what the server rendered when it is that list. `loadMore` appends the next page; rows already shown are never repeated.
 * `entry` is the history entry (location.key), `back` whether Back or Forward reached it.
 */
export function useInfiniteProducts(query: string, initial: ServerList | null, entry: string, back: boolean) {
  const [state, setState] = useState<ProductListState>(() => {
    // Reached by Back within the page's life; a page loaded anew restores once it runs (below).
    const snapshot = back ? snapshots?.readSnapshot(entry, query) : null;
    return snapshot ? { ...snapshot, status: "ready", error: null } : startState(query, initial);
  });
  const current = state.query === query ? state : startState(query, initial);
  if (current !== state) setState(current);
  const inFlight = useRef<string | null>(null);

  // The browser loaded the page again for Back: the list it had, then the place it was at.
  const scrollBack = useRef<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the list first shows
  useEffect(() => {
    const firstList = !snapshots;
    void import("./list-snapshot").then((module) => {
      snapshots = module;
      const snapshot = firstList && module.loadedByBack() ? module.readSnapshot(entry, query) : null;
      if (!snapshot) return;
      scrollBack.current = snapshot.scrollY;
      setState({ ...snapshot, status: "ready", error: null });
    });
  }, []);
  useLayoutEffect(() => {
    if (scrollBack.current === null || state !== current) return;
    window.scrollTo(0, scrollBack.current);
    scrollBack.current = null;
  });

  // Kept for Back: the list and the scroll position as this entry leaves them.
  const shown = useRef(current);
  shown.current = current;
  useLayoutEffect(() => {
    const save = () => {
      const { query: listQuery, products, totalCount, nextCursor, suggestions, status } = shown.current;
      if (status === "ready" && products.length > 0)
        snapshots?.writeSnapshot({
          entry,
          query: listQuery,
          products,
          totalCount,
          nextCursor,
          suggestions,
          scrollY: window.scrollY,
        });
    };
    window.addEventListener("pagehide", save);
    return () => {
      window.removeEventListener("pagehide", save);
      save();
    };
  }, [entry]);

  const load = useCallback(
    async (cursor: string | null) => {
      const requestKey = `${query}|${cursor ?? ""}`;
      if (inFlight.current === requestKey) return;
      inFlight.current = requestKey;
      setState((previous) => (previous.query === query ? { ...previous, status: "loading", error: null } : previous));
      const params = new URLSearchParams(query);
      if (cursor) params.set("cursor", cursor);
      let page: ProductPage;
      try {
        const response = await fetch(`/api/catalogo?${params}`, { headers: { Accept: "application/json" } });
        const body = await response.json().catch(() => null);
        if (!response.ok || !body) throw new Error(body?.error ?? loadFailureDetails.server);
        page = body as ProductPage;
      } catch (error) {
        const detail = error instanceof TypeError ? loadFailureDetails.network : (error as Error).message;
        setState((previous) =>
          previous.query === query
            ? { ...previous, status: "error", error: catalogMessages.loadFailed(detail) }
            : previous,
        );
        return;
      } finally {
        if (inFlight.current === requestKey) inFlight.current = null;
      }
      setState((previous) => {
        if (previous.query !== query) return previous;
        const base = cursor ? previous.products : [];
        const shown = new Set(base.map((product) => product.id));
        const list: LoadedList = {
          products: [...base, ...page.products.filter((product) => !shown.has(product.id))],
          totalCount: page.totalCount,
          nextCursor: page.nextCursor,
          suggestions: page.suggestions,
        };
        remember(query, list);
        return { ...list, query, status: "ready", error: null };
      });
    },
    [query],
  );

  // A list with nothing to show yet (not cached, not server-rendered) loads its first page.
  const needsFirstPage = current.status === "loading" && current.products.length === 0;
  useEffect(() => {
    if (needsFirstPage) void load(null);
  }, [needsFirstPage, load]);

  const loadMore = useCallback(() => {
    if (current.status !== "ready" || !current.nextCursor) return;
    void load(current.nextCursor);
  }, [current.status, current.nextCursor, load]);

  const retry = useCallback(() => {
    void load(current.products.length > 0 ? current.nextCursor : null);
  }, [current.products.length, current.nextCursor, load]);

  return { ...current, loadMore, retry };
}
