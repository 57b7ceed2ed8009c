import { Form } from "react-router";
import { returnStateLabels } from "~/modules/withdrawals/return-views";
import { type WithdrawalState, withdrawalStates } from "~/modules/withdrawals/values";

/** The list's filter by state: a GET form, so it works before hydration and the address can be shared. */
export function ReturnStateFilter({ state }: { state: WithdrawalState | null }) {
  return (
    <Form method="get" className="mt-4 flex flex-wrap items-end gap-3 text-sm">
      <label className="block text-ink">
        Stato
        <select
          name="stato"
          defaultValue={state ?? ""}
          className="mt-1 block rounded-sm border border-sand bg-white px-3 py-2 text-ink"
        >
          <option value="">Tutti</option>
          {withdrawalStates.map((value) => (
            <option key={value} value={value}>
              {returnStateLabels[value]}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="rounded-sm bg-ink px-4 py-2 font-medium text-ivory hover:bg-wine">
        Filtra
      </button>
    </Form>
  );
}
