import { CircleAlert, CreditCard, FlaskConical, Lock } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import { formatDate } from "~/modules/format/dates";
import { formatEuro } from "~/modules/format/numbers";
import { handleIntent } from "~/modules/forms/action-result";
import { readForm } from "~/modules/forms/read-form.server";
import { webhookReceiver } from "~/modules/orders/payment-webhook.server";
import type { PaymentProvider } from "~/modules/payments/provider";
import { isSandbox, type SandboxProvider } from "~/modules/payments/sandbox.server";
import { shop } from "~/modules/shop/identity";
import { services } from "~/services.server";
import type { Route } from "./+types/sandbox-payment";

// The sandbox provider's hosted payment page (modules/payments/sandbox.server.ts): where a tester
// pays, has the card declined, or makes the provider fail. It exists only while the sandbox takes
// the shop's payments; with Stripe configured this address is a 404.

export function meta() {
  return [{ title: `Pagamento di prova | ${shop.name}` }, { name: "robots", content: "noindex" }];
}

function sandboxOf(provider: PaymentProvider): SandboxProvider {
  if (!isSandbox(provider)) throw data(null, { status: 404 });
  return provider;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const sandbox = sandboxOf(services(context).payments);
  const session = await sandbox.findSession(params.sessionId);
  if (!session) throw data(null, { status: 404 });
  const state = await sandbox.retrieveSession(session.id);
  return {
    status: state.status,
    amountCents: session.amountCents,
    lineItems: session.lineItems,
    shippingCents: session.shippingCents,
    customerEmail: session.customerEmail,
    expiresAt: session.expiresAt.toISOString(),
    declined: session.declines > 0,
    cancelUrl: session.cancelUrl,
    successUrl: session.successUrl,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const svc = services(context);
  const sandbox = sandboxOf(svc.payments);
  const form = await readForm(request);
  const act = async (intent: "pay" | "decline" | "fail") => {
    const found = await sandbox.findSession(params.sessionId);
    if (!found) throw data(null, { status: 404 });
    return sandbox.act(found.id, intent);
  };
  const { session, event } = await handleIntent(form, { pay: act, decline: act, fail: act });
  // Delivered at once, as a provider delivers its webhook; if the shop cannot take it now, the
  // sandbox delivers it again later (the delivery job), and the return page asks the provider too.
  if (event) await sandbox.deliverEvents(webhookReceiver(svc), event.id);
  if (session.state === "paid") throw redirect(session.successUrl);
  if (session.state === "failed" || session.state === "expired") throw redirect(session.cancelUrl);
  return { declined: true };
}

const fieldClass =
  "mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-indigo-500 focus:outline-none";

export default function SandboxPayment({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const { status } = loaderData;

  return (
    <div className="min-h-[70vh] bg-slate-50 px-4 py-10 font-sans">
      <div className="mx-auto max-w-4xl">
        <p
          role="note"
          className="mb-6 flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <FlaskConical aria-hidden className="size-4 shrink-0" strokeWidth={1.5} />
          Pagina di pagamento di prova: nessun addebito reale. Usa i pulsanti per simulare l'esito.
        </p>
        <div className="grid gap-8 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200 md:grid-cols-2 md:p-10">
          <section aria-labelledby="sandbox-order">
            <p className="text-sm text-slate-500">{shop.name}</p>
            <h1 id="sandbox-order" className="mt-1 font-sans text-3xl font-semibold text-slate-900">
              <span className="sr-only">Importo da pagare: </span>
              <span data-testid="sandbox-amount">{formatEuro(loaderData.amountCents)}</span>
            </h1>
            <ul className="mt-6 space-y-3 text-sm">
              {loaderData.lineItems.map((item) => (
                <li key={`${item.name}-${item.description}`} className="flex justify-between gap-4">
                  <span>
                    <span className="block text-slate-900">{item.name}</span>
                    <span className="block text-slate-500">
                      {item.description}
                      {item.quantity > 1 && ` · Qtà ${item.quantity}`}
                    </span>
                  </span>
                  <span className="whitespace-nowrap text-slate-900">
                    {formatEuro(item.amountCents * item.quantity)}
                  </span>
                </li>
              ))}
              <li className="flex justify-between gap-4 border-t border-slate-200 pt-3">
                <span className="text-slate-500">Spedizione</span>
                <span>{loaderData.shippingCents === 0 ? "Gratuita" : formatEuro(loaderData.shippingCents)}</span>
              </li>
            </ul>
          </section>

          <section aria-labelledby="sandbox-pay">
            <h2 id="sandbox-pay" className="flex items-center gap-2 font-sans text-lg font-semibold text-slate-900">
              <CreditCard aria-hidden className="size-5" strokeWidth={1.5} />
              Paga con carta
            </h2>
            {status !== "open" ? (
              <div role="alert" className="mt-4 rounded-md bg-slate-100 p-4 text-sm text-slate-800">
                {status === "paid" ? (
                  <p>Questo pagamento è già stato completato.</p>
                ) : (
                  <p>Questa sessione di pagamento non è più attiva.</p>
                )}
                <a
                  href={status === "paid" ? loaderData.successUrl : loaderData.cancelUrl}
                  className="mt-2 inline-block underline"
                >
                  Torna al negozio
                </a>
              </div>
            ) : (
              <Form method="post" className="mt-4 space-y-4">
                {loaderData.declined && (
                  <p role="alert" className="flex gap-2 rounded-md bg-red-50 p-3 text-sm text-red-800">
                    <CircleAlert aria-hidden className="size-5 shrink-0" strokeWidth={1.5} />
                    La tua carta è stata rifiutata. Prova con un'altra carta.
                  </p>
                )}
                <label className="block text-sm text-slate-700">
                  Email
                  <input className={fieldClass} value={loaderData.customerEmail} readOnly />
                </label>
                <label className="block text-sm text-slate-700">
                  Numero della carta
                  <input
                    className={fieldClass}
                    defaultValue="4242 4242 4242 4242"
                    inputMode="numeric"
                    autoComplete="off"
                  />
                </label>
                <div className="grid grid-cols-2 gap-3">
                  <label className="block text-sm text-slate-700">
                    Scadenza
                    <input className={fieldClass} defaultValue="12/34" autoComplete="off" />
                  </label>
                  <label className="block text-sm text-slate-700">
                    CVC
                    <input className={fieldClass} defaultValue="123" autoComplete="off" />
                  </label>
                </div>
                <button
                  type="submit"
                  name="intent"
                  value="pay"
                  disabled={busy}
                  className="flex w-full items-center justify-center gap-2 rounded-md bg-indigo-600 px-4 py-3 font-medium text-white hover:bg-indigo-700 disabled:opacity-60"
                >
                  <Lock aria-hidden className="size-4" strokeWidth={1.5} />
                  Paga {formatEuro(loaderData.amountCents)}
                </button>
                <div className="grid grid-cols-2 gap-3">
                  <button
                    type="submit"
                    name="intent"
                    value="decline"
                    disabled={busy}
                    className="rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-700 hover:bg-slate-100"
                  >
                    Simula carta rifiutata
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value="fail"
                    disabled={busy}
                    className="rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-700 hover:bg-slate-100"
                  >
                    Simula pagamento fallito
                  </button>
                </div>
                <p className="text-xs text-slate-500">
                  La sessione scade il {formatDate(loaderData.expiresAt, "dateTime")}.{" "}
                  <a href={loaderData.cancelUrl} className="underline">
                    Annulla e torna al negozio
                  </a>
                </p>
              </Form>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}
