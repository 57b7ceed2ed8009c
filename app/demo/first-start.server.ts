import { withAdvisoryLock } from "~/db/advisory-lock.server";
import type { Database } from "~/db/client.server";
import type { FileStore } from "~/modules/files/file-store";
import { seedDemoOrders } from "./orders.server";
import { hasCatalog, seedDemoData } from "./seed.server";

/**
 * Loads the demo shop (catalogue, blog, orders) when the catalogue is empty. Instances starting
 * together on one database take turns under a lock, so only the first loads it. True if it did.
 */
export async function loadDemoShopIfEmpty(db: Database, files: FileStore, today: string): Promise<boolean> {
  return withAdvisoryLock(db.$client, "vetrina:demo-data", async () => {
    if (await hasCatalog(db)) return false;
    await seedDemoData(db, files);
    await seedDemoOrders(db, today);
    return true;
  });
}
