import { ReturnStateFilter } from "~/components/admin/returns/return-state-filter";
import { ReturnsTable } from "~/components/admin/returns/returns-table";
import { currentAdmin } from "~/modules/accounts/admin-guard.server";
import { listReturnRequests } from "~/modules/withdrawals/returns.server";
import type { WithdrawalState } from "~/modules/withdrawals/values";
import { withdrawalStates } from "~/modules/withdrawals/values";
import { services } from "~/services.server";
import type { Route } from "./+types/returns";

export function meta() {
  return [{ title: "Resi e recessi" }, { name: "robots", content: "noindex, nofollow" }];
}

const isState = (value: string | null): value is WithdrawalState =>
  (withdrawalStates as readonly (string | null)[]).includes(value);

export async function loader({ request, context }: Route.LoaderArgs) {
  currentAdmin(context);
  const asked = new URL(request.url).searchParams.get("stato");
  // An unknown state (a hand-made address) lists them all.
  const state = isState(asked) ? asked : null;
  return { state, requests: await listReturnRequests(services(context).db, { state }) };
}

export default function AdminReturns({ loaderData }: Route.ComponentProps) {
  const { state, requests } = loaderData;
  return (
    <>
      <h1 className="text-3xl text-ink">Resi e recessi</h1>
      <ReturnStateFilter state={state} />
      {requests.length === 0 ? (
        <p className="mt-6 text-ink-soft">Nessuna richiesta di recesso.</p>
      ) : (
        <ReturnsTable requests={requests} />
      )}
    </>
  );
}
