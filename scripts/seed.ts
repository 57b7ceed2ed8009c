// Empties the catalogue, blog and shop data and loads the demo data again (users and orders are kept
// only if they do not reference demo rows). Usage: npm run db:seed
import { readConfig } from "../app/config.server";
import { resetDemoData } from "../app/demo/seed.server";
import { fileStoreFor } from "../app/modules/files/file-stores.server";
import { openDatabase } from "../server/database";

const config = readConfig();
const database = await openDatabase(config);
try {
  await resetDemoData(database.db, fileStoreFor(config));
  console.log("Demo data loaded.");
} finally {
  await database.close();
}
