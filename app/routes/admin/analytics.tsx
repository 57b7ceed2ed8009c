import { SalesStatsPage } from "~/components/admin/stats/sales-stats-page";
import { currentAdmin } from "~/modules/accounts/admin-guard.server";
import { romeDay } from "~/modules/dates/rome";
import { parseStatsPeriod, previousPeriod } from "~/modules/stats/periods";
import { salesStats } from "~/modules/stats/sales-stats.server";
import { services } from "~/services.server";
import type { Route } from "./+types/analytics";

export function meta() {
  return [{ title: "Statistiche di Vendita" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  currentAdmin(context);
  const { db, clock } = services(context);
  const { period, errors } = parseStatsPeriod(new URL(request.url).searchParams, romeDay(clock.now()));
  return { stats: await salesStats(db, period, previousPeriod(period)), errors };
}

export default function AdminAnalytics({ loaderData }: Route.ComponentProps) {
  return <SalesStatsPage {...loaderData} />;
}
