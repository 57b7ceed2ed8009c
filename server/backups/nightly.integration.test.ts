import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations } from "../../app/db/migrate.server";
import { outgoingEmails, scheduledJobs, shopSettings } from "../../app/db/schema";
import { seedDemoOrders } from "../../app/demo/orders.server";
import { seedDemoData } from "../../app/demo/seed.server";
import { folderStore } from "../../app/modules/backups/locations.server";
import { listBackups } from "../../app/modules/backups/nightly.server";
import { restoreBackup } from "../../app/modules/backups/restore";
import { startScheduler } from "../../app/modules/jobs/scheduler.server";
import { shopJobs } from "../../app/modules/jobs/shop-jobs.server";
import { shop } from "../../app/modules/shop/identity";
import { emptyDatabases, tableFingerprints } from "../../tests/integration/database";
import { testServices } from "../../tests/support/services";

const createEmptyDatabase = emptyDatabases();

let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), "vetrina-nightly-"));
});
afterAll(() => rm(workDir, { recursive: true, force: true }));

/** A finished backup as far as listing and pruning are concerned: a manifest with no parts. */
async function earlierBackup(folder: string, name: string, createdAt: string) {
  await mkdir(path.join(folder, name), { recursive: true });
  const manifest = { format: "vetrina-backup", version: 1, createdAt, postgresVersion: "18", migrations: [] };
  await writeFile(
    path.join(folder, name, "manifest.json"),
    JSON.stringify({ ...manifest, tables: [], sequences: [], files: [] }),
  );
}

describe("the nightly backup", { timeout: 180_000 }, () => {
  it("runs from the scheduler on one of two instances, keeps the last N, and restores every table", async () => {
    const { db, url } = await createEmptyDatabase();
    const filesDir = path.join(workDir, "shop-files");
    const backups = path.join(workDir, "backups");
    await applyMigrations(db);
    await seedDemoData(db, folderStore(filesDir));
    await seedDemoOrders(db, "2026-11-20");
    await db.insert(shopSettings).values({ key: "backups", value: { folder: backups, kept: 2 } });
    // Two nights already kept, and the remains of a run that failed before the older one.
    await earlierBackup(backups, "vetrina-20261124-020000", "2026-11-24T02:00:00.000Z");
    await earlierBackup(backups, "vetrina-20261125-020000", "2026-11-25T02:00:00.000Z");
    await mkdir(path.join(backups, "vetrina-20261123-020000", "database"), { recursive: true });
    await writeFile(path.join(backups, "vetrina-20261123-020000", "database", "orders.copy"), "1\n");
    // Tonight's run is due.
    await db.insert(scheduledJobs).values({ name: "nightly-backup", nextRunAt: new Date(Date.now() - 1000) });

    const services = { ...testServices(db), files: folderStore(filesDir) };
    const jobs = shopJobs(services).filter((job) => job.name === "nightly-backup");
    const instances = [startScheduler(db, jobs, 3600), startScheduler(db, jobs, 3600)];
    const finished = async () =>
      (await db.select().from(scheduledJobs).where(eq(scheduledJobs.name, "nightly-backup")))[0];
    while (!(await finished())?.lastFinishedAt) await new Promise((resolve) => setTimeout(resolve, 200));
    await Promise.all(instances.map((instance) => instance.stop()));

    const job = await finished();
    expect(job?.lastError).toBeNull();
    // Next at 3 at night, Italian time.
    const [next] = (
      await db.execute<{ hour: number; ahead: boolean }>(sql`
        SELECT extract(hour FROM next_run_at AT TIME ZONE 'Europe/Rome')::int AS hour, next_run_at > now() AS ahead
        FROM scheduled_jobs WHERE name = 'nightly-backup'`)
    ).rows;
    expect(next).toEqual({ hour: 3, ahead: true });

    const kept = await listBackups({ store: folderStore(backups), prefix: "", description: backups });
    expect(kept).toHaveLength(2);
    const [tonight, previous] = kept;
    expect(previous?.name).toBe("vetrina-20261125-020000");
    expect(tonight?.bytes).toBeGreaterThan(1_000_000);
    await db.$client.end();

    const target = await createEmptyDatabase();
    await target.db.$client.end();
    await restoreBackup({
      from: { store: folderStore(backups), prefix: `${tonight?.name}/`, description: tonight?.name ?? "" },
      databaseUrl: target.url,
      files: folderStore(path.join(workDir, "restored-files")),
    });
    // Every table as the shop's, but the job's own row: it was copied mid-run, its end written after.
    const { scheduled_jobs: restoredJobs, ...restored } = await tableFingerprints(target.url);
    const { scheduled_jobs: sourceJobs, ...source } = await tableFingerprints(url);
    expect(Object.keys(restored).length).toBeGreaterThan(30);
    expect(restored).toEqual(source);
    expect([restoredJobs?.split(" ")[0], sourceJobs?.split(" ")[0]]).toEqual(["1", "1"]);
  });

  it("that fails e-mails the shop's address, and the job records why", async () => {
    const { db } = await createEmptyDatabase();
    await applyMigrations(db);
    // A file where the folder should be: nothing can be written below it.
    const blocked = path.join(workDir, "not-a-folder");
    await writeFile(blocked, "");
    await db.insert(shopSettings).values({ key: "backups", value: { folder: `${blocked}/backups`, kept: 7 } });
    await db.insert(scheduledJobs).values({ name: "nightly-backup", nextRunAt: new Date(Date.now() - 1000) });

    const services = { ...testServices(db), files: folderStore(path.join(workDir, "no-files")) };
    const scheduler = startScheduler(
      db,
      shopJobs(services).filter((job) => job.name === "nightly-backup"),
      3600,
    );
    await scheduler.stop();

    const [job] = await db.select().from(scheduledJobs).where(eq(scheduledJobs.name, "nightly-backup"));
    expect(job?.lastError).toMatch(/ENOTDIR|EEXIST/);
    const emails = await db.select().from(outgoingEmails);
    expect(emails).toMatchObject([{ toAddress: shop.email, subject: "Backup notturno non riuscito" }]);
    expect(emails[0]?.textBody).toContain(`${blocked}/backups`);
    expect(emails[0]?.textBody).toContain(job?.lastError);
    await db.$client.end();
  });
});
