import { Store, Truck, Wallet } from "lucide-react";
import { type FocusEvent, useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { openAuthDialog, opensDialog } from "~/components/accounts/auth-dialog-state";
import { formFields } from "~/components/forms/field-props";
import { lazyRules, useCheckedForm } from "~/components/forms/use-checked-form";
import { useFetcherAnswer } from "~/components/forms/use-fetcher-answer";
import { showToast } from "~/components/toast";
import { buttonClass } from "~/components/ui/button";
import { Field, SelectField } from "~/components/ui/field";
import { useHydrated } from "~/components/use-hydrated";
import { useShopSettings } from "~/components/use-shop-settings";
import type { CheckoutDraft, DeliveryMethod } from "~/modules/checkout/checkout-form";
import { type CheckoutResult, checkoutToasts, isAddressProblem } from "~/modules/checkout/checkout-messages";
import type { CheckoutQuote } from "~/modules/checkout/quote.server";
import type { ShippingSettings } from "~/modules/settings/settings";
import { shippingPriceText } from "~/modules/settings/shop-settings";
import {
  CARRIER_NAME,
  CHECKOUT_DRAFT_STORAGE_KEY,
  DELIVERY_ESTIMATE,
  RESERVATION_HOLD_DAYS,
} from "~/modules/shop/constants";
import type { ShopIdentity } from "~/modules/shop/identity";
import { ChangedLines } from "./checkout-notice";
import type { CheckoutPageData } from "./checkout-page-data";
import { useEmptyCartRedirect } from "./use-empty-cart-redirect";

const loadCheckoutRules = lazyRules(() => import("~/modules/checkout/checkout-form"));
const checkoutSchema = () => loadCheckoutRules().then((rules) => rules.checkoutInformationSchema);

type Method = { value: DeliveryMethod; title: string; description: string; icon: typeof Truck };

const methodsOf = (shop: ShopIdentity, shipping: ShippingSettings): Method[] => [
  {
    value: "shipping",
    title: "Spedizione a domicilio",
    description: `Con ${CARRIER_NAME} in ${DELIVERY_ESTIMATE} · ${shippingPriceText(shipping)}`,
    icon: Truck,
  },
  {
    value: "pickup",
    title: "Ritiro in negozio",
    description: `Paghi ora online e ritiri a ${shop.address.town}, ${shop.address.street} · gratuito`,
    icon: Store,
  },
  {
    value: "pickup_and_pay",
    title: "Prenota e paga in negozio",
    description: `Riserviamo gli articoli per ${RESERVATION_HOLD_DAYS} giorni: li paghi quando li ritiri`,
    icon: Wallet,
  },
];

function readStoredDraft(): CheckoutDraft | null {
  try {
    const stored = window.sessionStorage.getItem(CHECKOUT_DRAFT_STORAGE_KEY);
    return stored ? (JSON.parse(stored) as CheckoutDraft) : null;
  } catch {
    return null;
  }
}

function LoginPrompt() {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4 rounded-md border border-sand bg-white p-4 sm:p-5">
      <p className="text-sm text-ink">
        Hai già un account? Accedi per compilare i tuoi dati più in fretta e ritrovare l'ordine nel tuo profilo.
      </p>
      <Link
        to="/auth?redirectTo=%2Fcheckout"
        onClick={(event) => {
          if (!opensDialog(event)) return;
          event.preventDefault();
          openAuthDialog("login");
        }}
        className={buttonClass.secondary}
      >
        Accedi
      </Link>
    </div>
  );
}

/** Tells a shopper typing their e-mail whether their first order gets its discount. */
function useFirstOrderCheck(reservation: boolean) {
  const fetcher = useFetcher<CheckoutResult>();
  const checked = useRef(new Set<string>());
  useFetcherAnswer(fetcher.data, (answer) => {
    const percent = answer.data?.discountPercentage ?? 0;
    if (answer.ok && percent > 0) {
      void showToast(checkoutToasts.firstOrder(percent, reservation), "success");
    }
  });
  return (email: string) => {
    const address = email.trim().toLowerCase();
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address) || checked.current.has(address)) return;
    checked.current.add(address);
    void fetcher.submit({ intent: "first-order", email: address }, { method: "post", action: "/checkout" });
  };
}

export function InformationStep({
  form: serverForm,
  formSaved,
  signedIn,
  seen,
  provinces,
  nativeAnswer,
  method,
  onMethodChange: setMethod,
}: CheckoutPageData & {
  quote: CheckoutQuote;
  nativeAnswer?: CheckoutResult;
  /** The delivery method chosen in the form (kept by the page, whose summary depends on it). */
  method: DeliveryMethod;
  onMethodChange: (method: DeliveryMethod) => void;
}) {
  const hydrated = useHydrated();
  const [initial, setInitial] = useState(serverForm);
  const checkFirstOrder = useFirstOrderCheck(method === "pickup_and_pay");
  const { shop, shipping } = useShopSettings();
  const methods = methodsOf(shop, shipping);
  const typedEarly = useRef(false);
  const form = useCheckedForm<CheckoutResult>({
    schema: checkoutSchema,
    action: "/checkout",
    nativeAnswer,
    onInvalid: (errors) => {
      if (isAddressProblem(Object.keys(errors))) void showToast(checkoutToasts.incompleteAddress, "error");
    },
    // What was typed before the page was interactive stays in the fields and becomes the draft.
    takeOver: (element) => {
      const typed = new FormData(element);
      if (Object.entries(initial).every(([name, value]) => (typed.get(name) ?? value) === value)) return;
      typedEarly.current = true;
      const chosen = methods.find(({ value }) => value === new FormData(element).get("deliveryMethod"));
      if (chosen) setMethod(chosen.value);
      saveDraft(element);
    },
  });
  useEmptyCartRedirect(form.fetcher.data);
  const answer = form.fetcher.data ?? nativeAnswer;
  const messages = answer && !answer.ok ? answer.data?.messages : undefined;

  const saveDraft = (element: HTMLFormElement) => {
    const values = Object.fromEntries(new FormData(element)) as Record<string, string>;
    try {
      window.sessionStorage.setItem(CHECKOUT_DRAFT_STORAGE_KEY, JSON.stringify({ ...initial, ...values }));
    } catch {
      // Storage refused: the draft lives as long as the page.
    }
  };

  // On arrival, the tab's unsent draft, unless the server has the form already or the shopper typed
  // before the page was interactive. Later, only a different form from the server (after a login)
  // replaces what is shown.
  const serverFormJson = JSON.stringify(serverForm);
  const appliedServerForm = useRef<string | null>(null);
  useEffect(() => {
    const arriving = appliedServerForm.current === null;
    if (appliedServerForm.current === serverFormJson) return;
    appliedServerForm.current = serverFormJson;
    const draft = arriving && !formSaved && !typedEarly.current ? readStoredDraft() : null;
    const next = draft ?? (JSON.parse(serverFormJson) as CheckoutDraft);
    setInitial(next);
    if (!arriving || draft) setMethod(next.deliveryMethod);
  }, [serverFormJson, formSaved, setMethod]);

  const showAddress = !hydrated || method === "shipping";
  const control = formFields("checkout", form.errors);
  const field = (name: Exclude<keyof CheckoutDraft, "deliveryMethod">, label: string, extra: object = {}) => ({
    ...control(name),
    label,
    defaultValue: initial[name],
    ...extra,
  });

  return (
    <div className="space-y-8">
      {!signedIn && <LoginPrompt />}
      {messages && <ChangedLines messages={messages} />}
      {form.nativeError && (
        <p role="alert" className="rounded-md border border-sale/40 bg-sale/5 p-4 text-sm text-ink">
          <strong>{form.nativeError.title}</strong> {form.nativeError.description}
        </p>
      )}
      <form
        // A new starting point (a login, a restored draft) remounts the uncontrolled fields.
        key={JSON.stringify(initial)}
        method="post"
        action="/checkout"
        noValidate
        {...form.formProps}
        onChange={(event) => saveDraft(event.currentTarget)}
        className="space-y-8"
      >
        <input type="hidden" name="seen" value={seen} />
        <fieldset>
          <legend className="text-xl text-ink">Come vuoi ricevere l'ordine?</legend>
          <div className="mt-4 grid gap-3">
            {methods.map(({ value, title, description, icon: Icon }) => (
              <label
                key={value}
                className="flex cursor-pointer gap-4 rounded-md border border-sand bg-white p-4 has-[:checked]:border-ink has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-wine"
              >
                <input
                  type="radio"
                  name="deliveryMethod"
                  value={value}
                  defaultChecked={initial.deliveryMethod === value}
                  onChange={() => setMethod(value)}
                  className="mt-1 accent-ink"
                />
                <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-wine" strokeWidth={1.5} />
                <span>
                  <span className="block font-medium text-ink">{title}</span>
                  <span className="block text-sm text-ink-soft">{description}</span>
                </span>
              </label>
            ))}
          </div>
          <p className="mt-3 text-xs text-ink-soft">
            Spediamo solo in Italia. Paghi online con carta, Apple Pay, Google Pay o Satispay; con la prenotazione paghi
            in negozio, in contanti o con carta.
          </p>
        </fieldset>

        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-4 text-xl text-ink">I tuoi dati</legend>
          <Field {...field("name", "Nome e cognome", { autoComplete: "name", className: "sm:col-span-2" })} />
          <Field
            {...field("email", "Email", {
              type: "email",
              autoComplete: "email",
              onBlur: (event: FocusEvent<HTMLInputElement>) => checkFirstOrder(event.currentTarget.value),
            })}
          />
          <Field {...field("phone", "Telefono", { type: "tel", autoComplete: "tel" })} />
        </fieldset>

        {showAddress && (
          <fieldset className="grid gap-4 sm:grid-cols-6">
            <legend className="mb-4 text-xl text-ink">
              Indirizzo di consegna
              {!hydrated && <span className="ml-2 text-sm text-ink-soft">(solo per la spedizione a domicilio)</span>}
            </legend>
            <Field
              {...field("address", "Indirizzo", {
                autoComplete: "street-address",
                hint: "Via e numero civico",
                className: "sm:col-span-6",
              })}
            />
            <Field {...field("city", "Città", { autoComplete: "address-level2", className: "sm:col-span-3" })} />
            <Field
              {...field("postalCode", "CAP", {
                inputMode: "numeric",
                autoComplete: "postal-code",
                className: "sm:col-span-1",
              })}
            />
            <SelectField
              {...control("province")}
              label="Provincia"
              options={provinces}
              defaultValue={initial.province}
              autoComplete="address-level1"
              className="sm:col-span-2"
            />
            <Field
              {...field("country", "Paese", {
                readOnly: true,
                hint: "Spediamo solo in Italia",
                className: "sm:col-span-6",
              })}
            />
          </fieldset>
        )}

        <div className="flex flex-wrap items-center justify-between gap-4 border-t border-sand pt-6">
          <Link to="/cart" className="text-sm text-ink-soft underline-offset-4 hover:text-ink hover:underline">
            ← Torna al carrello
          </Link>
          <button
            type="submit"
            name="intent"
            value="information"
            disabled={form.busy}
            className={`${buttonClass.primary} disabled:opacity-60`}
          >
            {/* A reservation too is confirmed on the summary of the next step. */}
            {form.busy ? "Attendere…" : method === "pickup_and_pay" ? "Vai al riepilogo" : "Procedi al pagamento"}
          </button>
        </div>
      </form>
    </div>
  );
}
