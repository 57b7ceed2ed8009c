import { isDatabaseUnavailable } from "~/db/availability";
import { logger } from "~/logger.server";
import { parseFilters } from "~/modules/catalog/filters";
import { InvalidCursorError, listProducts } from "~/modules/catalog/listing.server";
import { loadFailureDetails } from "~/modules/catalog/messages";
import { outageRetryAfterSeconds } from "~/modules/rendering/outage-page";
import { services } from "~/services.server";
import type { Route } from "./+types/api-catalogue";
import { methodNotAllowed } from "./method-not-allowed.server";

/** GET /api/catalogo?{filters}&cursor=…: the next page of /shop's infinite list, as JSON. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  try {
    const page = await listProducts(services(context).db, parseFilters(params), { cursor: params.get("cursor") });
    // Public catalogue data: a short browser cache absorbs repeated scrolls; the page keeps its own 5-minute cache.
    return Response.json(page, { headers: { "Cache-Control": "public, max-age=60" } });
  } catch (error) {
    if (error instanceof InvalidCursorError) return Response.json({ error: "cursore non valido." }, { status: 400 });
    if (isDatabaseUnavailable(error)) {
      return Response.json(
        { error: loadFailureDetails.server },
        { status: 503, headers: { "Retry-After": String(outageRetryAfterSeconds) } },
      );
    }
    logger.error({ err: error, url: request.url }, "catalogue page failed");
    return Response.json({ error: loadFailureDetails.server }, { status: 500 });
  }
}

export const action = () => methodNotAllowed("GET");
