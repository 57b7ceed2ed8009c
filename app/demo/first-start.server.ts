import { withAdvisoryLock } from "~/db/advisory-lock.server";
import type { Database } from "~/db/client.server";
import { demoDataState, recordDemoDataState } from "~/modules/demo-data/demo-data.server";
import type { FileStore } from "~/modules/files/file-store";
import { seedDemoOrders } from "./orders.server";
import { hasCatalog, seedDemoData } from "./seed.server";

/**
 * On a shop's first start (empty catalogue, nothing decided about the demo), loads the demo shop
 * (catalogue, blog, orders), or with `withDemo` false (DEMO_DATA=off) records that the shop starts
 * empty. Either way the demo is never loaded again: not after 'Inizia con il tuo negozio' emptied
 * the catalogue, nor when DEMO_DATA changes later. Instances starting together on one database take
 * turns under a lock, so only the first decides. True if it loaded the demo.
 */
export async function loadDemoShopIfEmpty(
  db: Database,
  files: FileStore,
  today: string,
  withDemo: boolean,
): Promise<boolean> {
  return withAdvisoryLock(db.$client, "vetrina:demo-data", async () => {
    if ((await demoDataState(db)) !== null || (await hasCatalog(db))) return false;
    if (!withDemo) {
      await recordDemoDataState(db, "declined");
      return false;
    }
    await seedDemoData(db, files);
    await seedDemoOrders(db, today);
    await recordDemoDataState(db, "loaded");
    return true;
  });
}
