import { LockKeyhole } from "lucide-react";
import { Suspense, useEffect, useState } from "react";
import { Link } from "react-router";
import { accountSchema } from "~/components/accounts/account-rules";
import { LogoutForm } from "~/components/accounts/logout-form";
import { MyData } from "~/components/accounts/my-data";
import { formFields } from "~/components/forms/field-props";
import { useCheckedForm } from "~/components/forms/use-checked-form";
import { lazyRendered } from "~/components/lazy-rendered";
import { showToast } from "~/components/toast";
import { buttonClass } from "~/components/ui/button";
import { Field, SelectField } from "~/components/ui/field";
import { Tabs } from "~/components/ui/tabs";
import { useShopSettings } from "~/components/use-shop-settings";
import { accountToasts } from "~/modules/accounts/error-messages";
import type { Profile } from "~/modules/accounts/profile.server";
import type { profileSchema } from "~/modules/accounts/validation";
import type { ProvinceOption } from "~/modules/address/provinces";
import type { ActionResult } from "~/modules/forms/action-result";
import type { CustomerOrder } from "~/modules/orders/order-views";

// The orders tab, out of the page's first download (the profile tab shows first): fetched once the
// page is on screen.
const loadOrderList = () => import("~/components/orders/customer-order-list");
const CustomerOrderList = lazyRendered(() => loadOrderList().then((module) => module.CustomerOrderList));

/** What /profile's loader gives the page: a guest has no account there. */
export type ProfilePageData =
  | { account: null }
  | { account: { profile: Profile; orders: CustomerOrder[] }; provinces: readonly ProvinceOption[] };

export function ProfilePage({
  loaderData,
  nativeAnswer: actionData,
}: {
  loaderData: ProfilePageData;
  /** The action's answer to the form posted without JavaScript. */
  nativeAnswer: ActionResult | undefined;
}) {
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
  nativeAnswer?: ActionResult;
}) {
  const { discounts } = useShopSettings();
  const form = useCheckedForm<ActionResult>({
    schema: accountSchema((rules) => rules.profileSchema),
    action: "/profile",
    nativeAnswer,
    onSuccess: () => void showToast(accountToasts.profileUpdated, "success"),
  });
  const saved = !form.fetcher.data && nativeAnswer?.ok;
  const control = formFields("profile", form.errors);
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
  ) => <Field {...control(name)} label={label} defaultValue={value} required={input.required ?? true} {...input} />;

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
          {...control("province")}
          label="Provincia"
          options={provinces}
          defaultValue={profile.province}
          autoComplete="address-level1"
          required
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
