import { data, redirect, useNavigation } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { OrderLookup } from "~/components/withdrawals/order-lookup";
import { ReturnTerms } from "~/components/withdrawals/return-terms";
import { WithdrawalReceiptView } from "~/components/withdrawals/withdrawal-receipt";
import {
  type WithdrawalAuth,
  WithdrawalDetailsForm,
  WithdrawalSummary,
} from "~/components/withdrawals/withdrawal-steps";
import type { Database } from "~/db/client.server";
import type { CurrentUser } from "~/modules/accounts/current-user";
import { getCurrentUser } from "~/modules/accounts/session.server";
import { handleIntent } from "~/modules/forms/action-result";
import { readForm } from "~/modules/forms/read-form.server";
import { isOrderId, shortOrderId } from "~/modules/orders/order-views";
import { clientIp, hitRateLimit, tooManyRequestsMessage } from "~/modules/security/rate-limit.server";
import { pageMeta } from "~/modules/seo/meta";
import { WITHDRAWAL_DAYS } from "~/modules/shop/constants";
import { readWithdrawalChoice } from "~/modules/withdrawals/choice";
import { type WithdrawalChoice, withdrawalFields } from "~/modules/withdrawals/form";
import { withdrawalLookupLimit } from "~/modules/withdrawals/rate-limits.server";
import {
  type CustomerOrderChoice,
  customerOrderChoices,
  findCustomerOrder,
  findGuestOrder,
  loadWithdrawalOrder,
  loadWithdrawalReceipt,
  submitWithdrawal,
  type WithdrawalOrder,
  type WithdrawalReceipt,
  WithdrawalRefused,
} from "~/modules/withdrawals/requests.server";
import { services } from "~/services.server";
import type { Route } from "./+types/withdrawal";

// The online withdrawal function (art. 54-bis Codice del Consumo): find the order, step 1 (name,
// e-mail for the acknowledgement, what), step 2 (summary and 'Conferma recesso'), then the receipt.
// Every step posts the order's number (and a guest's order e-mail) again and is identified again,
// so the page works without JavaScript and keeps no state between steps.

type View =
  | { view: "lookup"; orderNumber: string; choices: CustomerOrderChoice[] | null; error: string | null }
  | { view: "details"; order: WithdrawalOrder; auth: WithdrawalAuth; choice: WithdrawalChoice; error: string | null }
  | { view: "summary"; order: WithdrawalOrder; auth: WithdrawalAuth; choice: WithdrawalChoice }
  | { view: "closed"; orderId: string; reason: string }
  | { view: "receipt"; receipt: WithdrawalReceipt };

/** One answer for a wrong number and a wrong e-mail: nobody learns which orders exist. */
const notFound =
  "Non troviamo un ordine con questo numero e questa email. Controlla i dati nell'email di conferma dell'ordine.";

const receiptPath = (requestId: string) => `/recesso?${new URLSearchParams({ richiesta: requestId })}`;

export function meta() {
  return [
    ...pageMeta(
      "Recedi dal contratto",
      `Recedi online da un ordine entro ${WITHDRAWAL_DAYS} giorni dalla consegna: numero d'ordine, email e conferma.`,
    ),
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, url, context }: Route.LoaderArgs): Promise<View> {
  const { db, clock } = services(context);
  const requestId = url.searchParams.get("richiesta");
  if (requestId !== null) {
    // The random request id is the key: the link is in the customer's acknowledgement only.
    const receipt = isOrderId(requestId) ? await loadWithdrawalReceipt(db, requestId) : null;
    if (!receipt) throw data("Ricevuta non trovata", { status: 404 });
    return { view: "receipt", receipt };
  }
  const orderNumber = url.searchParams.get(withdrawalFields.order) ?? "";
  const user = await getCurrentUser(request);
  if (user && orderNumber) {
    const orderId = await findCustomerOrder(db, orderNumber, user.id);
    if (orderId) return openOrder(db, orderId, { order: orderNumber, orderEmail: "" }, clock.now());
  }
  return {
    view: "lookup",
    orderNumber,
    choices: user ? await customerOrderChoices(db, user.id) : null,
    error: null,
  };
}

/** Step 1 for an identified order; its receipt when it has an open request; why not when closed. */
async function openOrder(db: Database, orderId: string, auth: WithdrawalAuth, now: Date): Promise<View> {
  const order = await loadWithdrawalOrder(db, orderId, now);
  if (order.currentRequestId) throw redirect(receiptPath(order.currentRequestId));
  if (!order.window.open) return { view: "closed", orderId, reason: order.window.reason };
  const choice = { name: order.name, email: order.email, whole: true, quantities: {} };
  return { view: "details", order, auth, choice, error: null };
}

/** The order the form names: a guest's by number and order e-mail (rate-limited), else the customer's own. */
async function identify(
  db: Database,
  request: Request,
  form: FormData,
  user: CurrentUser | null,
): Promise<{ orderId: string | null; auth: WithdrawalAuth; retryAfterSeconds?: number }> {
  const auth = {
    order: String(form.get(withdrawalFields.order) ?? "").trim(),
    orderEmail: String(form.get(withdrawalFields.orderEmail) ?? "").trim(),
  };
  if (auth.orderEmail) {
    const { allowed, retryAfterSeconds } = await hitRateLimit(db, withdrawalLookupLimit, clientIp(request));
    if (!allowed) return { orderId: null, auth, retryAfterSeconds };
    return { orderId: await findGuestOrder(db, auth.order, auth.orderEmail), auth };
  }
  return { orderId: user ? await findCustomerOrder(db, auth.order, user.id) : null, auth };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  return handleIntent(form, { lookup: step, edit: step, review: step, confirm: step });

  /** The form's step: find the order, edit the choice, review it, or confirm the withdrawal. */
  async function step(intent: "lookup" | "edit" | "review" | "confirm") {
    const { db, clock, publicUrl } = services(context);
    const user = await getCurrentUser(request);
    const { orderId, auth, retryAfterSeconds } = await identify(db, request, form, user);
    if (!orderId) {
      const choices = user ? await customerOrderChoices(db, user.id) : null;
      const lookup: View = { view: "lookup", orderNumber: auth.order, choices, error: notFound };
      if (retryAfterSeconds === undefined) return data(lookup, { status: 404 });
      return data(
        { ...lookup, error: tooManyRequestsMessage },
        { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
      );
    }

    const opened = await openOrder(db, orderId, auth, clock.now());
    if (intent === "lookup" || opened.view !== "details") return opened;
    const { order } = opened;
    const { choice, error } = readWithdrawalChoice(form, order.lines);
    if (error) return data<View>({ view: "details", order, auth, choice, error }, { status: 400 });
    if (intent === "review") return { view: "summary", order, auth, choice } satisfies View;
    if (intent === "edit") return { view: "details", order, auth, choice, error: null } satisfies View;

    try {
      const { requestId } = await submitWithdrawal(db, {
        orderId,
        // A signed-in customer who named a guest order by its e-mail withdraws as that guest.
        userId: auth.orderEmail ? null : (user?.id ?? null),
        name: choice.name,
        email: choice.email,
        items: choice.whole
          ? "whole"
          : Object.entries(choice.quantities).map(([id, quantity]) => ({ orderItemId: Number(id), quantity })),
        now: clock.now(),
        publicUrl,
      });
      return redirect(receiptPath(requestId));
    } catch (refused) {
      if (!(refused instanceof WithdrawalRefused)) throw refused;
      return data<View>({ view: "details", order, auth, choice, error: refused.message }, { status: 409 });
    }
  }
}

export default function WithdrawalPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const state: View = actionData ?? loaderData;
  return (
    <>
      <PageHeader eyebrow="Diritto di recesso" title="Recedi dal contratto">
        <p>
          Puoi recedere da un ordine entro {WITHDRAWAL_DAYS} giorni dalla consegna o dal ritiro, senza dirci il motivo.
          Ti mandiamo subito per email la conferma, con la data e l'ora del recesso.
        </p>
      </PageHeader>
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-12 sm:px-6 lg:grid-cols-[2fr_1fr] lg:py-16">
        <div>
          {state.view === "lookup" && (
            <OrderLookup
              orderNumber={state.orderNumber}
              error={state.error}
              choices={state.choices}
              submitting={submitting}
            />
          )}
          {state.view === "details" && (
            <WithdrawalDetailsForm order={state.order} auth={state.auth} choice={state.choice} error={state.error} />
          )}
          {state.view === "summary" && (
            <WithdrawalSummary order={state.order} auth={state.auth} choice={state.choice} submitting={submitting} />
          )}
          {state.view === "closed" && (
            <section role="alert" aria-labelledby="withdrawal-closed" className="space-y-3">
              <h2 id="withdrawal-closed" className="text-2xl text-ink">
                Recesso non disponibile per l'ordine {shortOrderId(state.orderId)}
              </h2>
              <p className="text-ink">{state.reason}</p>
            </section>
          )}
          {state.view === "receipt" && <WithdrawalReceiptView receipt={state.receipt} />}
        </div>
        <ReturnTerms />
      </div>
    </>
  );
}
