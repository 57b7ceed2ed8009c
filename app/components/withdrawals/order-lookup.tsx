import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { formatDate } from "~/modules/format/dates";
import { formatEuro } from "~/modules/format/numbers";
import { shortOrderId } from "~/modules/orders/order-views";
import { customerOrderStatusLabel } from "~/modules/orders/status";
import { withdrawalFields } from "~/modules/withdrawals/form";
import type { CustomerOrderChoice } from "~/modules/withdrawals/requests.server";
import { withdrawalPossibleFor } from "~/modules/withdrawals/window";

/** How the customer says which order: a signed-in customer picks one of theirs, anyone can give number and e-mail. */
export function OrderLookup({
  orderNumber,
  error,
  choices,
  submitting,
}: {
  orderNumber: string;
  error: string | null;
  choices: CustomerOrderChoice[] | null;
  submitting: boolean;
}) {
  return (
    <div className="space-y-10">
      {choices && (
        <section aria-labelledby="own-orders">
          <h2 id="own-orders" className="text-2xl text-ink">
            I tuoi ordini
          </h2>
          {choices.length === 0 ? (
            <p className="mt-3 text-ink-soft">Non ci sono ordini nel tuo account.</p>
          ) : (
            <ul className="mt-4 divide-y divide-sand rounded-md border border-sand bg-white">
              {choices.map((order) => (
                <li key={order.id} className="flex flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 text-sm">
                  <span className="font-medium text-ink">Ordine {shortOrderId(order.id)}</span>
                  <span className="text-ink-soft">{formatDate(order.createdAt)}</span>
                  <span className="text-ink-soft">{customerOrderStatusLabel(order.status)}</span>
                  <span className="text-ink">{formatEuro(order.totalCents)}</span>
                  {withdrawalPossibleFor(order.status) && (
                    <Link
                      to={`/recesso?${new URLSearchParams({ [withdrawalFields.order]: order.id.slice(0, 8) })}`}
                      className="ml-auto text-wine underline underline-offset-4 hover:text-wine-dark"
                    >
                      Recedi da questo ordine
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <Form method="post" className="space-y-4" aria-labelledby="order-lookup">
        <h2 id="order-lookup" className="text-2xl text-ink">
          {choices ? "Un ordine fatto senza accedere" : "Il tuo ordine"}
        </h2>
        <p className="text-ink-soft">
          Scrivi il numero dell'ordine e l'email con cui l'hai fatto: li trovi nell'email di conferma.
        </p>
        <input type="hidden" name={withdrawalFields.intent} value="lookup" />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="withdrawal-order"
            name={withdrawalFields.order}
            label="Numero d'ordine"
            defaultValue={orderNumber}
            required
            autoComplete="off"
            placeholder="es. #a1b2c3d4"
          />
          <Field
            id="withdrawal-order-email"
            name={withdrawalFields.orderEmail}
            label="Email dell'ordine"
            type="email"
            required
            autoComplete="email"
          />
        </div>
        <p aria-live="polite" className="min-h-6 text-sm text-sale">
          {error}
        </p>
        <button type="submit" disabled={submitting} className={`${buttonClass.primary} disabled:opacity-60`}>
          Continua
        </button>
      </Form>
    </div>
  );
}
