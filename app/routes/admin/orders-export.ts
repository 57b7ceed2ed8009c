import { currentAdmin } from "~/modules/accounts/admin-guard.server";
import { romeDay } from "~/modules/dates/rome";
import { exportOrders } from "~/modules/orders/admin-orders.server";
import { parseOrderListFilters } from "~/modules/orders/order-list-filters";
import { ordersCsvHeader, ordersCsvRows } from "~/modules/orders/orders-csv";
import { services } from "~/services.server";
import { methodNotAllowed } from "../method-not-allowed.server";
import type { Route } from "./+types/orders-export";

/** The order list of the same filters as the page, as a CSV file, streamed batch by batch. */
export async function loader({ request, context }: Route.LoaderArgs) {
  currentAdmin(context);
  const { filters, errors } = parseOrderListFilters(new URL(request.url).searchParams);
  // A file of other orders than the ones asked for would mislead: refuse instead of ignoring a filter.
  if (errors.length > 0) {
    return new Response(`Esportazione non riuscita. ${errors.join(" ")}`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  const batches = exportOrders(services(context).db, filters);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(ordersCsvHeader()));
    },
    async pull(controller) {
      const next = await batches.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(ordersCsvRows(next.value)));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="ordini-${romeDay(services(context).clock.now())}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}

export const action = () => methodNotAllowed("GET");
