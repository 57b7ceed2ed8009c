import { currentAdmin } from "~/modules/accounts/admin-guard.server";
import { romeDay } from "~/modules/dates/rome";
import { productSheetRows } from "~/modules/product-import/export-products.server";
import { productsCsvHeader, productsCsvRows, productsCsvTemplate } from "~/modules/product-import/products-csv";
import { services } from "~/services.server";
import { methodNotAllowed } from "../method-not-allowed.server";
import type { Route } from "./+types/products-export";

/**
 * Every product and its variants as the CSV file the import reads, one row per variant; with
 * ?modello=1 the empty template with an example row instead.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  currentAdmin(context);
  const { db, clock } = services(context);
  const template = new URL(request.url).searchParams.get("modello") === "1";
  const body = template ? productsCsvTemplate() : productsCsvHeader() + productsCsvRows(await productSheetRows(db));
  const filename = template ? "modello-prodotti.csv" : `prodotti-${romeDay(clock.now())}.csv`;
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

export const action = () => methodNotAllowed("GET");
