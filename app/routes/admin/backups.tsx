import { data } from "react-router";
import { BackupList, BackupSchedule } from "~/components/admin/backups/backup-list";
import { type Field, SettingsSection } from "~/components/admin/settings/settings-form";
import { config } from "~/config.server";
import { currentAdmin } from "~/modules/accounts/admin-guard.server";
import { backupOverview } from "~/modules/backups/nightly.server";
import { readForm } from "~/modules/forms/read-form.server";
import { settingsGroups } from "~/modules/settings/settings";
import { runSettingsAction } from "~/modules/settings/settings-actions.server";
import { services } from "~/services.server";
import type { Route } from "./+types/backups";

export function meta() {
  return [{ title: "Backup" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  currentAdmin(context);
  const overview = await backupOverview(services(context).db, config());
  return { overview, form: settingsGroups.backups.toForm(overview) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = currentAdmin(context);
  const form = await readForm(request);
  // This page saves its own settings only; the others are in 'Impostazioni'.
  if (form.get("intent") !== "backups") throw data("Azione sconosciuta.", { status: 400 });
  const answer = await runSettingsAction(services(context).db, admin, form);
  return data(answer, { status: answer.ok ? 200 : 422 });
}

const fields: Field[] = [
  {
    name: "folder",
    hint: "Una cartella del server (per esempio /var/backups/vetrina) o un bucket s3://nome/cartella; vuoto: nessun backup.",
  },
  { name: "kept", type: "number", hint: "I più vecchi vengono cancellati dopo ogni backup riuscito." },
];

export default function AdminBackups({ loaderData, actionData }: Route.ComponentProps) {
  const { overview, form } = loaderData;
  return (
    <>
      <h1 className="text-3xl text-ink">Backup</h1>
      <p className="mt-2 text-sm text-ink-soft">
        Ogni notte alle 3 il negozio salva database e immagini nella cartella scelta. Se un backup non riesce, arriva
        un'e-mail all'indirizzo del negozio. Tieni una copia anche fuori da questo server: i backup contengono i dati
        dei clienti.
      </p>
      <div className="mt-6 space-y-6">
        <SettingsSection
          intent="backups"
          title={settingsGroups.backups.label}
          fields={fields}
          values={form}
          pageAnswer={actionData ?? undefined}
        />
        <section aria-labelledby="backups-list" className="rounded-md border border-sand bg-white p-4 sm:p-5">
          <h2 id="backups-list" className="text-lg text-ink">
            Ultimi backup
          </h2>
          <div className="mt-2">
            <BackupSchedule overview={overview} />
          </div>
          <div className="mt-3">
            <BackupList backups={overview.backups} unreadable={overview.unreadable} />
          </div>
        </section>
      </div>
    </>
  );
}
