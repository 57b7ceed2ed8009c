import type { BackupEntry, BackupOverview } from "~/modules/backups/nightly.server";
import { formatDate } from "~/modules/format/dates";

const sizeFormat = new Intl.NumberFormat("it-IT", { maximumFractionDigits: 1 });

/** "12,3 MB": sizes as staff read them, in powers of 1,000 as disks and buckets count them. */
export function formatSize(bytes: number): string {
  const units = ["byte", "kB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${sizeFormat.format(value)} ${units[unit]}`;
}

/** How the last night went, and when the next backup is due. */
export function BackupSchedule({ overview }: { overview: Pick<BackupOverview, "folder" | "schedule"> }) {
  const { folder, schedule } = overview;
  if (folder === "") {
    return (
      <p className="text-sm text-ink-soft">Il backup notturno è spento: scrivi una cartella qui sopra per attivarlo.</p>
    );
  }
  return (
    <div className="space-y-1 text-sm text-ink">
      {schedule?.lastFinishedAt &&
        (schedule.lastError === null ? (
          <p>Ultimo backup notturno riuscito il {formatDate(schedule.lastFinishedAt, "dateTime")}.</p>
        ) : (
          <p role="alert" className="text-red-700">
            L'ultimo backup notturno ({formatDate(schedule.lastFinishedAt, "dateTime")}) non è riuscito:{" "}
            {schedule.lastError}
          </p>
        ))}
      {schedule && <p>Prossimo backup: {formatDate(schedule.nextRunAt, "dateTime")}.</p>}
    </div>
  );
}

/** The backups in the folder, newest first: name, date and size. */
export function BackupList({ backups, unreadable }: { backups: BackupEntry[]; unreadable: string | null }) {
  if (unreadable !== null) {
    return (
      <p role="alert" className="text-sm text-red-700">
        Non riesco a leggere la cartella dei backup: {unreadable}
      </p>
    );
  }
  if (backups.length === 0) return <p className="text-sm text-ink-soft">Nessun backup nella cartella finora.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-ink-soft">
          <tr>
            <th scope="col" className="py-2 pr-4 font-normal">
              Backup
            </th>
            <th scope="col" className="py-2 pr-4 font-normal">
              Data
            </th>
            <th scope="col" className="py-2 text-right font-normal">
              Dimensione
            </th>
          </tr>
        </thead>
        <tbody>
          {backups.map((backup) => (
            <tr key={backup.name} className="border-t border-sand">
              <td className="py-2 pr-4 font-mono text-xs text-ink">{backup.name}</td>
              <td className="py-2 pr-4 text-ink">
                {backup.createdAt ? formatDate(backup.createdAt, "dateTime") : "incompleto (interrotto)"}
              </td>
              <td className="py-2 text-right text-ink">{backup.bytes === null ? "—" : formatSize(backup.bytes)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
