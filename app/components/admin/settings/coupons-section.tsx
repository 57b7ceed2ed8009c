import type { CouponView } from "~/modules/settings/coupons";
import type { SettingsResult } from "~/modules/settings/settings-answer";
import { buttonClass, type Field, FieldInput, useSettingsForm } from "./settings-form";

const termsFields: Field[] = [
  { name: "percentOff", type: "percent", hint: "Da 1 a 100." },
  { name: "startsOn", type: "date", hint: "Vuoto: valido da subito." },
  { name: "endsOn", type: "date", hint: "Compreso. Vuoto: senza scadenza." },
  { name: "maxUses", type: "number", hint: "Vuoto: nessun limite." },
  { name: "active", type: "checkbox" },
];

function termsValues(coupon: CouponView): Record<string, string | boolean> {
  return {
    percentOff: String(coupon.percentOff),
    startsOn: coupon.startsOn ?? "",
    endsOn: coupon.endsOn ?? "",
    maxUses: coupon.maxUses === null ? "" : String(coupon.maxUses),
    active: coupon.active,
  };
}

function validity(coupon: CouponView): string {
  const day = (value: string) => value.split("-").reverse().join("/");
  if (coupon.startsOn && coupon.endsOn) return `dal ${day(coupon.startsOn)} al ${day(coupon.endsOn)}`;
  if (coupon.startsOn) return `dal ${day(coupon.startsOn)}`;
  if (coupon.endsOn) return `fino al ${day(coupon.endsOn)}`;
  return "sempre";
}

function failedValues(answer: SettingsResult | undefined, intent: string, code?: string) {
  if (!answer || answer.ok || answer.intent !== intent || (code && answer.values?.code !== code)) return undefined;
  return answer.values;
}

function CreateCoupon({ pageAnswer }: { pageAnswer?: SettingsResult }) {
  const form = useSettingsForm((answer) => answer.intent === "coupon-create", pageAnswer);
  const values: Record<string, string | boolean> = failedValues(pageAnswer, "coupon-create") ?? { active: true };
  return (
    <details className="rounded-sm border border-sand p-3" open={Boolean(failedValues(pageAnswer, "coupon-create"))}>
      <summary className="cursor-pointer text-wine">Nuovo codice sconto</summary>
      <form.fetcher.Form method="post" key={form.key} className="mt-3 space-y-4" noValidate>
        <input type="hidden" name="intent" value="coupon-create" />
        <div className="grid gap-4 sm:grid-cols-2">
          {[
            { name: "code", label: "Codice", hint: "Lettere, cifre, - e _: salvato in maiuscolo." } as Field,
            ...termsFields,
          ].map((field) => (
            <FieldInput
              key={field.name}
              field={field}
              value={values[field.name]}
              error={form.errors[field.name]}
              idPrefix="coupon-new"
            />
          ))}
        </div>
        <button type="submit" className={buttonClass} disabled={form.busy}>
          {form.busy ? "Creazione…" : "Crea codice"}
        </button>
      </form.fetcher.Form>
    </details>
  );
}

function CouponRow({ coupon, pageAnswer }: { coupon: CouponView; pageAnswer?: SettingsResult }) {
  const ofThis = (answer: SettingsResult) => !answer.ok && answer.values?.code === coupon.code;
  const edit = useSettingsForm(
    (answer) => answer.intent === "coupon-update" && (answer.ok || ofThis(answer)),
    pageAnswer,
  );
  const deactivate = useSettingsForm((answer) => answer.intent === "coupon-deactivate", pageAnswer);
  const failed = failedValues(pageAnswer, "coupon-update", coupon.code);
  const values = failed ?? termsValues(coupon);
  return (
    <li className="rounded-sm border border-sand p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-medium text-ink">
          {coupon.code} <span className="font-normal text-ink-soft">· {coupon.percentOff}%</span>
        </p>
        <p className={coupon.active ? "text-sm text-green-800" : "text-sm text-ink-soft"}>
          {coupon.active ? "Attivo" : "Disattivato"}
        </p>
      </div>
      <p className="mt-1 text-sm text-ink-soft">
        Valido {validity(coupon)} · utilizzi {coupon.usedCount}
        {coupon.maxUses === null ? " (nessun limite)" : ` su ${coupon.maxUses}`}
      </p>
      <div className="mt-2 flex flex-wrap items-start gap-3">
        <details className="min-w-0 flex-1" open={Boolean(failed)}>
          <summary className="cursor-pointer text-sm text-wine">Modifica {coupon.code}</summary>
          <edit.fetcher.Form method="post" key={edit.key} className="mt-3 space-y-4" noValidate>
            <input type="hidden" name="intent" value="coupon-update" />
            <input type="hidden" name="code" value={coupon.code} />
            <div className="grid gap-4 sm:grid-cols-2">
              {termsFields.map((field) => (
                <FieldInput
                  key={field.name}
                  field={field}
                  value={values[field.name]}
                  error={edit.errors[field.name]}
                  idPrefix={`coupon-${coupon.code}`}
                />
              ))}
            </div>
            <button type="submit" className={buttonClass} disabled={edit.busy}>
              {edit.busy ? "Salvataggio…" : "Salva"}
            </button>
          </edit.fetcher.Form>
        </details>
        {coupon.active && (
          <deactivate.fetcher.Form method="post">
            <input type="hidden" name="intent" value="coupon-deactivate" />
            <input type="hidden" name="code" value={coupon.code} />
            <button
              type="submit"
              className="text-sm text-wine underline underline-offset-4"
              disabled={deactivate.busy}
              aria-label={`Disattiva ${coupon.code}`}
            >
              Disattiva
            </button>
          </deactivate.fetcher.Form>
        )}
      </div>
    </li>
  );
}

/** The discount codes: a form for a new one, then each code with its uses, its edit form and its switch. */
export function CouponsSection({ coupons, pageAnswer }: { coupons: CouponView[]; pageAnswer?: SettingsResult }) {
  return (
    <section aria-labelledby="settings-coupons" className="rounded-md border border-sand bg-white p-4 sm:p-5">
      <h2 id="settings-coupons" className="text-lg text-ink">
        Codici sconto
      </h2>
      <p className="mt-1 text-sm text-ink-soft">
        I clienti li scrivono al checkout; vale lo sconto più alto tra codice, primo ordine e compleanno.
      </p>
      <div className="mt-4 space-y-4">
        <CreateCoupon pageAnswer={pageAnswer} />
        {coupons.length === 0 ? (
          <p className="text-sm text-ink-soft">Nessun codice sconto.</p>
        ) : (
          <ul className="space-y-3">
            {coupons.map((coupon) => (
              <CouponRow key={coupon.code} coupon={coupon} pageAnswer={pageAnswer} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
