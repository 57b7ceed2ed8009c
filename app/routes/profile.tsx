import { LockKeyhole } from "lucide-react";
import { Suspense, useEffect, useState } from "react";
import { data, Link } from "react-router";
import { accountSchema } from "~/components/accounts/account-rules";
import { LogoutForm } from "~/components/accounts/logout-form";
import { MyData } from "~/components/accounts/my-data";
import { useCheckedForm } from "~/components/forms/use-checked-form";
import { lazyRendered } from "~/components/lazy-rendered";
import { showToast } from "~/components/toast";
import { buttonClass } from "~/components/ui/button";
import { Field, SelectField } from "~/components/ui/field";
import { Tabs } from "~/components/ui/tabs";
import { useShopSettings } from "~/components/use-shop-settings";
import { logger } from "~/logger.server";
import { accountToasts } from "~/modules/accounts/error-messages";
import { getProfile, type Profile, updateProfile } from "~/modules/accounts/profile.server";
import { getCurrentUser, requireUser } from "~/modules/accounts/session.server";
import { profileSchema } from "~/modules/accounts/validation";
import { type ProvinceOption, provinceOptions } from "~/modules/address/provinces";
import { type FormResult, fieldErrors } from "~/modules/forms/form-result";
import { readForm } from "~/modules/forms/read-form.server";
import { listCustomerOrders } from "~/modules/orders/customer-orders.server";
import { pageMeta } from "~/modules/seo/meta";
import { readSettings } from "~/modules/settings/settings.server";
import { trackingLink } from "~/modules/settings/shop-settings";
import { services } from "~/services.server";
import type { Route } from "./+types/profile";

export function meta() {
  return [...pageMeta("Il mio profilo", "I tuoi dati e i tuoi ordini."), { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, clock } = services(context);
  const user = await getCurrentUser(request);
  // Guests see the access-required prompt, not a redirect (spec §2).
  if (!user) return { account: null };
  const { tracking } = await readSettings(db);
  const trackingUrl = (code: string) => trackingLink(tracking, code);
  const [profile, orders] = await Promise.all([
    getProfile(db, user.id),
    listCustomerOrders(db, user.id, { now: clock.now(), trackingUrl }),
  ]);
  if (!profile) return { account: null };
  return { account: { profile, orders }, provinces: provinceOptions() };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  const parsed = profileSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data<FormResult>({ ok: false, fieldErrors: fieldErrors(parsed.error) }, { status: 400 });
  try {
    await updateProfile(services(context).db, user.id, parsed.data);
  } catch (error) {
    logger.error({ err: error, userId: user.id }, "profile update failed");
    return data<FormResult>({ ok: false, error: accountToasts.profileUpdateFailed }, { status: 500 });
  }
  return data<FormResult>({ ok: true });
}

// The orders tab, out of the page's first download (the profile tab shows first): fetched once the
// page is on screen.
const loadOrderList = () => import("~/components/orders/customer-order-list");
const CustomerOrderList = lazyRendered(() => loadOrderList().then((module) => module.CustomerOrderList));

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const [tab, setTab] = useState("profile");
  useEffect(() => {
    void loadOrderList();
  }, []);
  if (!loaderData.account) return <AccessRequired />;
  const { profile, orders } = loaderData.account;

  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl text-ink sm:text-4xl">Il mio account</h1>
          <p className="mt-1 text-ink-soft">{profile.email}</p>
        </div>
        <LogoutForm className={`${buttonClass.secondary} gap-2`} />
      </div>
      <Tabs
        label="Il mio account"
        listClassName="mt-8 flex gap-8"
        panelClassName="pt-8"
        tabs={[
          { value: "profile", label: "Profilo" },
          { value: "orders", label: "I miei ordini" },
        ]}
        value={tab}
        onChange={setTab}
      >
        {tab === "profile" ? (
          <>
            <ProfileForm profile={profile} provinces={loaderData.provinces} nativeAnswer={actionData} />
            <MyData />
          </>
        ) : (
          <Suspense fallback={<p className="text-ink-soft">Caricamento degli ordini…</p>}>
            <CustomerOrderList orders={orders} />
          </Suspense>
        )}
      </Tabs>
    </div>
  );
}

function ProfileForm({
  profile,
  provinces,
  nativeAnswer,
}: {
  profile: Profile;
  provinces: readonly ProvinceOption[];
  nativeAnswer?: FormResult;
}) {
  const { discounts } = useShopSettings();
  const form = useCheckedForm<FormResult>({
    schema: accountSchema((rules) => rules.profileSchema),
    action: "/profile",
    nativeAnswer,
    onSuccess: () => void showToast(accountToasts.profileUpdated, "success"),
  });
  const saved = !form.fetcher.data && nativeAnswer?.ok;
  const field = (
    name: keyof typeof profileSchema.shape,
    label: string,
    value: string,
    input: {
      type?: string;
      autoComplete?: string;
      inputMode?: "numeric";
      required?: boolean;
      hint?: string;
    } = {},
  ) => (
    <Field
      id={`profile-${name}`}
      name={name}
      label={label}
      defaultValue={value}
      error={form.errors[name]}
      required={input.required ?? true}
      {...input}
    />
  );

  return (
    <form method="post" action="/profile" noValidate {...form.formProps} className="space-y-5">
      {form.nativeError && (
        <p role="alert" className="rounded-sm border border-sale/30 bg-blush px-3 py-2 text-sm text-sale">
          <strong>{form.nativeError.title}:</strong> {form.nativeError.description}
        </p>
      )}
      {saved && (
        <p role="status" className="rounded-sm border border-green-700/30 bg-green-50 px-3 py-2 text-sm text-green-900">
          <strong>{accountToasts.profileUpdated.title}:</strong> {accountToasts.profileUpdated.description}
        </p>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        {field("first_name", "Nome", profile.firstName, { autoComplete: "given-name" })}
        {field("last_name", "Cognome", profile.lastName, { autoComplete: "family-name" })}
        {field("phone", "Telefono", profile.phone, { type: "tel", autoComplete: "tel" })}
        {field("address", "Indirizzo", profile.address, { autoComplete: "street-address" })}
        {field("city", "Città", profile.city, { autoComplete: "address-level2" })}
        {field("postal_code", "CAP", profile.postalCode, { autoComplete: "postal-code", inputMode: "numeric" })}
        <SelectField
          id="profile-province"
          name="province"
          label="Provincia"
          options={provinces}
          defaultValue={profile.province}
          autoComplete="address-level1"
          required
          error={form.errors.province}
        />
        {field("country", "Paese", profile.country, { autoComplete: "country-name" })}
        {field("date_of_birth", "Data di nascita (facoltativa)", profile.dateOfBirth ?? "", {
          type: "date",
          autoComplete: "bday",
          required: false,
          hint: discounts.birthdayEnabled
            ? `Nel mese del tuo compleanno avrai uno sconto del ${discounts.birthdayPercent}%.`
            : undefined,
        })}
      </div>
      <button
        type="submit"
        disabled={form.busy}
        className={`${buttonClass.primary} disabled:cursor-wait disabled:opacity-60`}
      >
        {form.busy ? "Salvataggio…" : "Salva modifiche"}
      </button>
    </form>
  );
}

function AccessRequired() {
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center sm:py-24">
      <LockKeyhole aria-hidden className="mx-auto size-10 text-wine" strokeWidth={1.5} />
      <h1 className="mt-4 text-3xl text-ink">Accesso richiesto</h1>
      <p className="mt-3 text-ink-soft">Per vedere il tuo profilo e i tuoi ordini accedi al tuo account.</p>
      <Link to="/auth?redirectTo=%2Fprofile" className={`${buttonClass.primary} mt-6`}>
        Accedi
      </Link>
    </div>
  );
}
