import { eq } from "drizzle-orm";
import type { Config } from "~/config.server";
import type { Database } from "~/db/client.server";
import { scheduledJobs } from "~/db/schema";
import { logger } from "~/logger.server";
import type { FileStore } from "~/modules/files/file-store";
import { formatDate } from "~/modules/format/dates";
import { composeEmail } from "~/modules/mail/compose";
import { enqueueEmail } from "~/modules/mail/queue.server";
import { readStoredSettings } from "~/modules/settings/settings.server";
import { writeBackup } from "./backup";
import { backupLocation } from "./locations.server";
import { type BackupLocation, type BackupManifest, manifestKey, manifestSchema } from "./manifest";

// The nightly backup (README "Going live"): scheduled in modules/jobs, claimed by one instance, into
// the folder or bucket set in 'Impostazioni', keeping the last N there. A failure reaches the owner
// by e-mail, through the outbox, as well as the job's log line and `scheduled_jobs.last_error`.

/** A backup folder's name, as backupName writes it. */
const backupFolderName = /^vetrina-\d{8}-\d{6}$/;

export type BackupEntry = {
  name: string;
  /** When it was taken; null for an unfinished one (no manifest). */
  createdAt: Date | null;
  /** The size of its parts as its manifest counts them; null for an unfinished one. */
  bytes: number | null;
};

/** A backup's manifest, or null when it is not one (half written, damaged): listed as unfinished. */
function readManifest(bytes: Uint8Array): BackupManifest | null {
  try {
    return manifestSchema.parse(JSON.parse(new TextDecoder().decode(bytes)));
  } catch {
    return null;
  }
}

/** The backups at `location`, newest first. */
export async function listBackups(location: BackupLocation): Promise<BackupEntry[]> {
  const names = (await location.store.listNames(location.prefix)).filter((name) => backupFolderName.test(name));
  const entries: BackupEntry[] = [];
  for (const name of names.reverse()) {
    const bytes = await location.store.read(`${location.prefix}${name}/${manifestKey}`);
    const manifest = bytes ? readManifest(bytes) : null;
    if (!bytes || !manifest) {
      entries.push({ name, createdAt: null, bytes: null });
      continue;
    }
    const parts = [...manifest.tables, ...manifest.files].reduce((total, part) => total + part.bytes, 0);
    entries.push({ name, createdAt: new Date(manifest.createdAt), bytes: parts + bytes.length });
  }
  return entries;
}

/** Deletes every finished backup but the newest `kept`, and the unfinished ones older than the newest (failed runs). */
async function pruneBackups(location: BackupLocation, kept: number): Promise<string[]> {
  const backups = await listBackups(location);
  const finished = backups.filter((backup) => backup.createdAt !== null);
  const newest = finished[0]?.name ?? "";
  const removed = backups.filter((backup) =>
    backup.createdAt === null ? backup.name < newest : finished.indexOf(backup) >= kept,
  );
  for (const backup of removed) {
    const prefix = `${location.prefix}${backup.name}/`;
    // The manifest first: a backup half deleted is then an unfinished one, never a damaged one.
    await location.store.delete(`${prefix}${manifestKey}`);
    for (const key of await location.store.list(prefix)) await location.store.delete(key);
  }
  return removed.map((backup) => backup.name);
}

/** The job's name in the scheduler (modules/jobs/shop-jobs.server.ts). */
export const nightlyBackupJob = "nightly-backup";

export type BackupOverview = {
  folder: string;
  kept: number;
  /** The backups in the folder, newest first (empty while no folder is set). */
  backups: BackupEntry[];
  /** Why the folder could not be read, or null. */
  unreadable: string | null;
  /** The job's last run and the next, or null before its first tick. */
  schedule: { lastFinishedAt: Date | null; lastError: string | null; nextRunAt: Date } | null;
};

/** What the admin's 'Backup' page shows: the settings, the backups in the folder and how the last night went. */
export async function backupOverview(db: Database, config: Pick<Config, "s3">): Promise<BackupOverview> {
  const { folder, kept } = (await readStoredSettings(db)).backups;
  const [job] = await db
    .select({
      lastFinishedAt: scheduledJobs.lastFinishedAt,
      lastError: scheduledJobs.lastError,
      nextRunAt: scheduledJobs.nextRunAt,
    })
    .from(scheduledJobs)
    .where(eq(scheduledJobs.name, nightlyBackupJob));
  let backups: BackupEntry[] = [];
  let unreadable: string | null = null;
  if (folder !== "") {
    try {
      backups = await listBackups(backupLocation(folder, config));
    } catch (error) {
      unreadable = error instanceof Error ? error.message : String(error);
    }
  }
  return { folder, kept, backups, unreadable, schedule: job ?? null };
}

export type NightlyBackupDeps = {
  db: Database;
  files: FileStore;
  config: Pick<Config, "s3">;
  now: Date;
};

/**
 * Takes tonight's backup into the folder set in 'Impostazioni' and removes the oldest beyond the
 * number kept; does nothing while no folder is set. On failure the shop's e-mail address is told,
 * and the error thrown again for the scheduler to record.
 */
export async function runNightlyBackup({ db, files, config, now }: NightlyBackupDeps): Promise<void> {
  const settings = await readStoredSettings(db);
  const { folder, kept } = settings.backups;
  if (folder === "") return;
  try {
    const to = backupLocation(folder, config);
    const { location, manifest } = await writeBackup({ database: db.$client, files, to, now });
    const removed = await pruneBackups(to, kept);
    logger.info(
      { backup: location.description, tables: manifest.tables.length, files: manifest.files.length, removed },
      "nightly backup written",
    );
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await enqueueEmail(
      db,
      composeEmail({
        to: settings.identity.email,
        subject: "Backup notturno non riuscito",
        paragraphs: [
          `Il backup notturno del negozio del ${formatDate(now, "dateTime")} non è riuscito: i dati di stanotte non sono salvati in ${folder}.`,
          `Il motivo: ${reason}`,
          'Controlla la cartella (esiste, c\'è spazio, il negozio può scriverci) o il bucket, poi aspetta il backup della notte prossima o avvialo a mano con npm run backup (vedi "Going live" nel README).',
        ],
      }),
    );
    throw error;
  }
}
