import { data, Link } from "react-router";
import { CouponsSection } from "~/components/admin/settings/coupons-section";
import { type Field, SettingsSection } from "~/components/admin/settings/settings-form";
import { currentAdmin } from "~/modules/accounts/admin-guard.server";
import { demoRowCounts } from "~/modules/demo-data/demo-data.server";
import { hasDemoRows } from "~/modules/demo-data/values";
import { formatDate } from "~/modules/format/dates";
import { readForm } from "~/modules/forms/read-form.server";
import { describeChange } from "~/modules/settings/change-log";
import { listCoupons } from "~/modules/settings/coupons.server";
import { settingsGroups, weekdays } from "~/modules/settings/settings";
import { latestSettingChanges, readSettings } from "~/modules/settings/settings.server";
import { runSettingsAction } from "~/modules/settings/settings-actions.server";
import { services } from "~/services.server";
import type { Route } from "./+types/settings";

export function meta() {
  return [{ title: "Impostazioni" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  currentAdmin(context);
  const { db } = services(context);
  const [settings, coupons, changes, demoCounts] = await Promise.all([
    readSettings(db),
    listCoupons(db),
    latestSettingChanges(db, 50),
    demoRowCounts(db),
  ]);
  const forms = Object.fromEntries(
    Object.entries(settingsGroups).map(([key, group]) => [
      key,
      (group.toForm as (value: unknown) => Record<string, string | boolean>)(settings[key as keyof typeof settings]),
    ]),
  ) as Record<keyof typeof settingsGroups, Record<string, string | boolean>>;
  return {
    forms,
    coupons,
    demoRows: hasDemoRows(demoCounts),
    changes: changes.map((change) => ({
      id: change.id,
      at: change.createdAt,
      who: change.userEmail,
      ...describeChange(change),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = currentAdmin(context);
  const answer = await runSettingsAction(services(context).db, admin, await readForm(request));
  return data(answer, { status: answer.ok ? 200 : 422 });
}

const identityFields: Field[] = [
  { name: "name" },
  { name: "legalName" },
  { name: "vatNumber", hint: "11 cifre." },
  { name: "street" },
  { name: "postalCode" },
  { name: "town" },
  { name: "province", hint: "Sigla, per esempio CN." },
  { name: "phoneDisplay", type: "tel", hint: "Come lo leggono i clienti." },
  { name: "phoneInternational", type: "tel", hint: "Per i link di chiamata, per esempio +390172634218." },
  { name: "email", type: "email" },
  { name: "instagramUrl", type: "url" },
  { name: "facebookUrl", type: "url" },
  { name: "whatsappNumber", type: "tel", hint: "Il numero della chat, con il prefisso, solo cifre." },
  { name: "bookingUrl", type: "url", hint: "La pagina dove i clienti prenotano la consulenza." },
];

const hoursFields: Field[] = weekdays.map(({ day }) => ({
  name: day,
  hint: "Per esempio 09:00-13:00, 15:30-19:30; vuoto se chiuso.",
}));

const promoBarFields: Field[] = [
  { name: "enabled", type: "checkbox", label: "Mostra la barra promozionale" },
  { name: "text", hint: "Al massimo 160 caratteri." },
];

const shippingFields: Field[] = [
  { name: "feeEuro", type: "money", label: "Costo di spedizione (€)" },
  { name: "returnCostEuro", type: "money", label: "Costo del reso (€)" },
  { name: "freeShippingEnabled", type: "checkbox", label: "Spedizione gratuita oltre una soglia" },
  {
    name: "freeShippingThresholdEuro",
    type: "money",
    label: "Spedizione gratuita da (€)",
    hint: "Merce dopo gli sconti.",
  },
  { name: "freeReturnEnabled", type: "checkbox", label: "Reso gratuito oltre una soglia" },
  { name: "freeReturnThresholdEuro", type: "money", label: "Reso gratuito da (€)", hint: "Totale dell'ordine." },
];

const discountFields: Field[] = [
  { name: "firstOrderEnabled", type: "checkbox" },
  { name: "firstOrderPercent", type: "percent" },
  { name: "birthdayEnabled", type: "checkbox" },
  { name: "birthdayPercent", type: "percent" },
  {
    name: "secondSwimsuitEnabled",
    type: "checkbox",
    hint: "30% sui costumi più economici, uno ogni due bikini o interi.",
  },
];

const orderLimitFields: Field[] = [
  { name: "maxUnitsPerLine", type: "number", hint: "Dello stesso articolo, taglia e colore." },
  { name: "maxUnitsPerOrder", type: "number" },
  {
    name: "maxUnitsHeld",
    type: "number",
    hint: "In ordini da pagare e prenotazioni da ritirare, per e-mail e per carrello; per connessione il triplo.",
  },
];

const trackingFields: Field[] = [
  { name: "urlTemplate", type: "url", hint: "{tracking} è sostituito dal numero della spedizione." },
];

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { forms, coupons, changes } = loaderData;
  const pageAnswer = actionData ?? undefined;
  const section = (intent: keyof typeof forms, fields: Field[], description?: string) => (
    <SettingsSection
      intent={intent}
      title={settingsGroups[intent].label}
      fields={fields}
      values={forms[intent]}
      pageAnswer={pageAnswer}
      description={description}
    />
  );
  return (
    <>
      <h1 className="text-3xl text-ink">Impostazioni</h1>
      <p className="mt-2 text-sm text-ink-soft">
        Valgono subito per il negozio online, le pagine e le e-mail. Ogni modifica resta nel registro in fondo.
      </p>
      <p className="mt-2 text-sm">
        <Link to="/admin/pronto" className="text-wine underline">
          Pronto per vendere?
        </Link>
        : pagamenti, corriere, e-mail, indirizzo, backup e dati del venditore controllati uno per uno, con cosa
        sistemare.
      </p>
      <p className="mt-2 text-sm">
        <Link to="/admin/settings/backup" className="text-wine underline">
          Backup notturno
        </Link>
        : dove salvare ogni notte database e immagini, quanti backup tenere, gli ultimi fatti.
      </p>
      {loaderData.demoRows && (
        <p className="mt-2 text-sm">
          <Link to="/admin/settings/demo" className="text-wine underline">
            Inizia con il tuo negozio
          </Link>
          : il negozio contiene ancora prodotti, articoli e ordini dimostrativi; qui li cancelli, lasciando queste
          impostazioni.
        </p>
      )}
      <div className="mt-6 space-y-6">
        {section("shipping", shippingFields, "Spedizione a domicilio con GLS; il ritiro in negozio è sempre gratuito.")}
        {section("discounts", discountFields, "Tra gli sconti a cui un cliente ha diritto vale il più alto.")}
        <CouponsSection coupons={coupons} pageAnswer={pageAnswer} />
        {section(
          "orderLimits",
          orderLimitFields,
          "Quanti pezzi può prendere un ordine online e quanti un cliente può tenere da parte senza pagarli. Chi li supera lo legge al carrello o al checkout.",
        )}
        {section("promoBar", promoBarFields)}
        {section(
          "identity",
          identityFields,
          "Come i clienti vedono il negozio nel sito, nelle pagine legali e nelle e-mail.",
        )}
        {section("hours", hoursFields)}
        {section("tracking", trackingFields)}

        <section aria-labelledby="settings-log" className="rounded-md border border-sand bg-white p-4 sm:p-5">
          <h2 id="settings-log" className="text-lg text-ink">
            Registro modifiche
          </h2>
          {changes.length === 0 ? (
            <p className="mt-2 text-sm text-ink-soft">Nessuna modifica finora.</p>
          ) : (
            <ol className="mt-3 space-y-3 text-sm">
              {changes.map((change) => (
                <li key={change.id} className="rounded-sm bg-linen p-3">
                  <p className="text-xs text-ink-soft">
                    {formatDate(change.at, "dateTime")} · {change.who}
                  </p>
                  <p className="mt-1 font-medium text-ink">{change.what}</p>
                  <ul className="mt-1 space-y-0.5 break-words text-ink">
                    {change.lines.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </>
  );
}
