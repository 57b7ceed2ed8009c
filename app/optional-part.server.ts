import { isDatabaseUnavailable } from "~/db/availability";
import { logger } from "~/logger.server";

// The shop's one policy for the parts of a page that may fail while the page still answers (as
// Hydrogen tells a page's critical data from its deferred data): the loader names such a part, its
// failure is logged and the page shows the fallback in its place (no related products, a filter
// panel without choices, a list's 'Impossibile caricare i prodotti' message). Without the database
// the whole page is unavailable, not one part of it: that error passes on, for the shop's 503 page
// (app/db/availability.ts). Any other read of a loader is critical: its failure is the page's.

/**
 * `part`'s value, or `fallback` when it fails for any other reason than an unreachable database.
 * The failure is logged as `failure`, with `details` (ids and addresses of the shop, never a
 * person's data; the logger also drops e-mail addresses and query parameters).
 */
export function optionalPart<T, F>(
  part: Promise<T>,
  fallback: F,
  failure: string,
  details?: Record<string, string | number>,
): Promise<T | F> {
  return part.catch((error: unknown) => {
    if (isDatabaseUnavailable(error)) throw error;
    logger.error({ err: error, ...details }, failure);
    return fallback;
  });
}
