// Writes a backup of the shop's database and files into a new dated folder below --to.
// Usage: npm run backup -- --to /var/backups/vetrina
// The database and the files are those of the running configuration (DATABASE_URL or DATA_DIR);
// the shop may keep running meanwhile.
import { parseArgs } from "node:util";
import { readConfig } from "../app/config.server";
import { writeBackup } from "../app/modules/backups/backup";
import { backupLocation } from "../app/modules/backups/locations.server";
import { instanceFileStore, openShopDatabase, runCommand } from "../server/backups/command-line";

const usage = "Usage: npm run backup -- --to <folder>";

async function main(): Promise<number> {
  let to: string | undefined;
  try {
    ({
      values: { to },
    } = parseArgs({ options: { to: { type: "string" } } }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  if (!to) {
    console.error(`--to is required.\n${usage}`);
    return 2;
  }
  const config = readConfig();
  const database = await openShopDatabase(config, "share");
  try {
    const { location, manifest } = await writeBackup({
      database: database.url,
      files: instanceFileStore(config),
      to: backupLocation(to, config),
    });
    const rows = manifest.tables.reduce((total, table) => total + table.rows, 0);
    console.log(
      `Backup written to ${location.description}: ${manifest.tables.length} tables (${rows} rows), ` +
        `${manifest.files.length} files, ${manifest.migrations.length} migrations applied.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(main);
