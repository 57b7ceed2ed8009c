import { currentAdmin } from "~/modules/accounts/admin-guard.server";
import { romeDay } from "~/modules/dates/rome";
import { parseStatsPeriod } from "~/modules/stats/periods";
import { salesSeries } from "~/modules/stats/sales-stats.server";
import { salesSeriesCsv } from "~/modules/stats/stats-csv";
import { services } from "~/services.server";
import { methodNotAllowed } from "../method-not-allowed.server";
import type { Route } from "./+types/analytics-export";

/** Orders and revenue per day, week or month of the statistics' period, as a CSV file. */
export async function loader({ request, context }: Route.LoaderArgs) {
  currentAdmin(context);
  const { db, clock } = services(context);
  const { period, errors } = parseStatsPeriod(new URL(request.url).searchParams, romeDay(clock.now()));
  // A file of another period than the one asked for would mislead: refuse instead of replacing it.
  if (errors.length > 0) {
    return new Response(`Esportazione non riuscita. ${errors.join(" ")}`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  return new Response(salesSeriesCsv(await salesSeries(db, period)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="statistiche-${period.from}-${period.to}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}

export const action = () => methodNotAllowed("GET");
