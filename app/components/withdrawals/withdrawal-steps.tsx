import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { formatDate } from "~/modules/format/dates";
import { formatEuro } from "~/modules/format/numbers";
import { deliveryLabel, shortOrderId } from "~/modules/orders/order-views";
import { quantityField, type WithdrawalChoice, withdrawalFields } from "~/modules/withdrawals/form";
import type { WithdrawalLine, WithdrawalOrder } from "~/modules/withdrawals/requests.server";
import { formatDay } from "~/modules/withdrawals/window";

/** Who is withdrawing: the order's number, and its e-mail for a guest (empty for a signed-in customer). */
export type WithdrawalAuth = { order: string; orderEmail: string };

const hygieneRule =
  "Articolo con sigillo igienico: il recesso è accettato come richiesta, rimborsato solo se il sigillo è intatto (lo verifichiamo al ricevimento).";

function AuthFields({ auth }: { auth: WithdrawalAuth }) {
  return (
    <>
      <input type="hidden" name={withdrawalFields.order} value={auth.order} />
      <input type="hidden" name={withdrawalFields.orderEmail} value={auth.orderEmail} />
    </>
  );
}

/** The choice carried from step 1 to step 2 unchanged. */
function ChoiceFields({ choice, lines }: { choice: WithdrawalChoice; lines: WithdrawalLine[] }) {
  return (
    <>
      <input type="hidden" name={withdrawalFields.name} value={choice.name} />
      <input type="hidden" name={withdrawalFields.email} value={choice.email} />
      <input type="hidden" name={withdrawalFields.scope} value={choice.whole ? "tutto" : "articoli"} />
      {lines.map((line) => (
        <input key={line.id} type="hidden" name={quantityField(line.id)} value={choice.quantities[line.id] ?? 0} />
      ))}
    </>
  );
}

function lineDetails(line: WithdrawalLine): string {
  return [line.size && `Taglia: ${line.size}`, line.color && `Colore: ${line.color}`].filter(Boolean).join(" · ");
}

function OrderHeading({ order }: { order: WithdrawalOrder }) {
  return (
    <p className="text-ink-soft">
      Ordine <strong className="text-ink">{shortOrderId(order.id)}</strong> del {formatDate(order.createdAt, "long")} ·{" "}
      {deliveryLabel(order.deliveryMethod)}
      {order.window.open && order.window.lastDay && <> · puoi recedere fino al {formatDay(order.window.lastDay)}</>}
    </p>
  );
}

/** Step 1: name, e-mail for the acknowledgement, and the whole order or which pieces. */
export function WithdrawalDetailsForm({
  order,
  auth,
  choice,
  error,
}: {
  order: WithdrawalOrder;
  auth: WithdrawalAuth;
  choice: WithdrawalChoice;
  error: string | null;
}) {
  const reservation = order.deliveryMethod === "pickup_and_pay";
  const lines = order.lines.filter((line) => line.available > 0);
  return (
    <Form method="post" className="space-y-6" aria-labelledby="withdrawal-step-1">
      <div>
        <p className="text-xs font-semibold tracking-[0.2em] text-wine uppercase">Passo 1 di 2</p>
        <h2 id="withdrawal-step-1" className="mt-1 text-2xl text-ink">
          I tuoi dati e gli articoli
        </h2>
        <div className="mt-2">
          <OrderHeading order={order} />
        </div>
      </div>
      <AuthFields auth={auth} />
      <input type="hidden" name={withdrawalFields.intent} value="review" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="withdrawal-name"
          name={withdrawalFields.name}
          label="Nome e cognome"
          defaultValue={choice.name}
          required
          autoComplete="name"
        />
        <Field
          id="withdrawal-email"
          name={withdrawalFields.email}
          label="Email per la conferma del recesso"
          type="email"
          defaultValue={choice.email}
          required
          autoComplete="email"
        />
      </div>
      {reservation ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-ink">Articoli</legend>
          <input type="hidden" name={withdrawalFields.scope} value="tutto" />
          <p className="text-sm text-ink-soft">
            È una prenotazione da pagare in negozio: il recesso la annulla per intero, senza costi.
          </p>
          <LineList lines={lines} />
        </fieldset>
      ) : (
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-ink">Da cosa vuoi recedere?</legend>
          <label className="flex items-center gap-2 text-ink">
            <input type="radio" name={withdrawalFields.scope} value="tutto" defaultChecked={choice.whole} />
            Tutto l'ordine
          </label>
          <label className="flex items-center gap-2 text-ink">
            <input type="radio" name={withdrawalFields.scope} value="articoli" defaultChecked={!choice.whole} />
            Solo alcuni articoli (indica quanti pezzi)
          </label>
          <ul className="divide-y divide-sand rounded-md border border-sand bg-white">
            {lines.map((line) => (
              <li key={line.id} className="flex flex-wrap items-center gap-4 px-4 py-3 text-sm">
                <div className="min-w-0 flex-1">
                  <p className="text-ink">{line.productName}</p>
                  <p className="text-ink-soft">
                    {[lineDetails(line), `${formatEuro(line.unitPriceCents)} cad.`, `pezzi: ${line.available}`]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                  {line.hygieneSealed && <p className="mt-1 text-wine">{hygieneRule}</p>}
                </div>
                <label className="flex items-center gap-2 text-ink-soft">
                  Pezzi
                  <input
                    type="number"
                    name={quantityField(line.id)}
                    min={0}
                    max={line.available}
                    defaultValue={choice.quantities[line.id] ?? 0}
                    aria-label={`Pezzi di ${line.productName} da restituire`}
                    className="w-20 rounded-sm border border-sand bg-white px-2 py-1 text-ink"
                  />
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <p aria-live="polite" className="min-h-6 text-sm text-sale">
        {error}
      </p>
      <button type="submit" className={buttonClass.primary}>
        Continua
      </button>
    </Form>
  );
}

function LineList({ lines }: { lines: { line: WithdrawalLine; quantity: number }[] | WithdrawalLine[] }) {
  const rows = lines.map((entry) => ("line" in entry ? entry : { line: entry, quantity: entry.available }));
  return (
    <ul className="divide-y divide-sand rounded-md border border-sand bg-white">
      {rows.map(({ line, quantity }) => (
        <li key={line.id} className="px-4 py-3 text-sm">
          <p className="text-ink">
            {quantity} × {line.productName}
          </p>
          {lineDetails(line) && <p className="text-ink-soft">{lineDetails(line)}</p>}
          {line.hygieneSealed && <p className="mt-1 text-wine">{hygieneRule}</p>}
        </li>
      ))}
    </ul>
  );
}

/** Step 2: what is about to be sent, and the button that sends it. */
export function WithdrawalSummary({
  order,
  auth,
  choice,
  submitting,
}: {
  order: WithdrawalOrder;
  auth: WithdrawalAuth;
  choice: WithdrawalChoice;
  submitting: boolean;
}) {
  const chosen = choice.whole
    ? order.lines.filter((line) => line.available > 0).map((line) => ({ line, quantity: line.available }))
    : order.lines
        .map((line) => ({ line, quantity: choice.quantities[line.id] ?? 0 }))
        .filter(({ quantity }) => quantity > 0);
  return (
    <div className="space-y-6">
      <div>
        <p className="text-xs font-semibold tracking-[0.2em] text-wine uppercase">Passo 2 di 2</p>
        <h2 id="withdrawal-step-2" className="mt-1 text-2xl text-ink">
          Controlla e conferma il recesso
        </h2>
        <div className="mt-2">
          <OrderHeading order={order} />
        </div>
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-ink-soft">Nome</dt>
        <dd className="text-ink">{choice.name}</dd>
        <dt className="text-ink-soft">Conferma a</dt>
        <dd className="text-ink">{choice.email}</dd>
        <dt className="text-ink-soft">Recesso da</dt>
        <dd className="text-ink">{choice.whole ? "Tutto l'ordine" : "Alcuni articoli"}</dd>
      </dl>
      <LineList lines={chosen} />
      <div className="flex flex-wrap gap-3">
        <Form method="post">
          <AuthFields auth={auth} />
          <ChoiceFields choice={choice} lines={order.lines} />
          <input type="hidden" name={withdrawalFields.intent} value="confirm" />
          <button type="submit" disabled={submitting} className={`${buttonClass.primary} disabled:opacity-60`}>
            Conferma recesso
          </button>
        </Form>
        <Form method="post">
          <AuthFields auth={auth} />
          <ChoiceFields choice={choice} lines={order.lines} />
          <input type="hidden" name={withdrawalFields.intent} value="edit" />
          <button type="submit" className={buttonClass.secondary}>
            Modifica
          </button>
        </Form>
      </div>
    </div>
  );
}
