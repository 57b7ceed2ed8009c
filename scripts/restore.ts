// Brings the shop's database and files back to a backup made by `npm run backup`.
// Usage: npm run restore -- --from /var/backups/vetrina/vetrina-20261123-235900 [--force]
// Into the database and file store of the running configuration (DATABASE_URL or DATA_DIR), which
// must be empty (--force replaces what they hold); the shop must be stopped.
import { parseArgs } from "node:util";
import { readConfig } from "../app/config.server";
import { backupLocation } from "../app/modules/backups/locations.server";
import { restoreBackup } from "../app/modules/backups/restore";
import { instanceFileStore, openShopDatabase, runCommand } from "../server/backups/command-line";

const usage = "Usage: npm run restore -- --from <backup folder> [--force]";

async function main(): Promise<number> {
  let values: { from?: string; force?: boolean };
  try {
    ({ values } = parseArgs({ options: { from: { type: "string" }, force: { type: "boolean" } } }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  if (!values.from) {
    console.error(`--from is required.\n${usage}`);
    return 2;
  }
  const config = readConfig();
  const from = backupLocation(values.from, config);
  const database = await openShopDatabase(config, "refuse");
  try {
    const summary = await restoreBackup({
      from,
      databaseUrl: database.url,
      files: instanceFileStore(config),
      force: values.force,
    });
    console.log(
      `Restored ${from.description}: ${summary.tables} tables (${summary.rows} rows), ${summary.files} files` +
        (summary.newerMigrations > 0 ? `, then ${summary.newerMigrations} newer migrations applied.` : "."),
    );
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(main);
