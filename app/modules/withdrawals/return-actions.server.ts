import { failed, handleIntent, succeeded } from "~/modules/forms/action-result";
import type { Services } from "~/services.server";
import type { ReturnIntent, ReturnResult } from "./return-views";
import { decideReturnItems, type ItemDecision, markGoodsReceived, ReturnRefused, refundReturn } from "./returns.server";

// Every button of the admin's return page posts an `intent` here: one place that reads the form,
// calls returns.server.ts and words the answer as a toast ('Successo' / 'Errore').

/**
 * The decisions of the form's items: for each `item` id, `decision-<id>` (accepted / refused; an item
 * left undecided is skipped), `reason-<id>` and `restock-<id>` (a checkbox).
 */
export function readDecisions(form: FormData): ItemDecision[] {
  const decisions: ItemDecision[] = [];
  for (const raw of new Set(form.getAll("item").map(String))) {
    const itemId = Number(raw);
    if (!Number.isSafeInteger(itemId) || itemId <= 0) continue;
    const decision = String(form.get(`decision-${itemId}`) ?? "");
    if (decision !== "accepted" && decision !== "refused") continue;
    decisions.push({
      itemId,
      decision,
      refusalReason: decision === "refused" ? String(form.get(`reason-${itemId}`) ?? "") : null,
      restock: decision === "accepted" && form.get(`restock-${itemId}`) === "on",
    });
  }
  return decisions;
}

export async function runReturnAction(
  services: Pick<Services, "db" | "payments">,
  actor: string,
  requestId: string,
  form: FormData,
): Promise<ReturnResult> {
  const done = (intent: ReturnIntent, message: string) =>
    succeeded({ intent, notice: { title: "Successo", description: message } });
  const refused = (intent: ReturnIntent, title: string, message: string) =>
    failed({ intent, notice: { title, description: message } });
  /** A refusal of the returns module (the request is not in the state the button is for) is its toast. */
  const answering =
    <Intent extends ReturnIntent>(run: (intent: Intent) => Promise<ReturnResult>) =>
    async (intent: Intent) => {
      try {
        return await run(intent);
      } catch (error) {
        if (error instanceof ReturnRefused) return refused(intent, "Errore", error.message);
        throw error;
      }
    };
  return handleIntent(form, {
    "goods-received": answering(async (intent) =>
      done(intent, await markGoodsReceived(services.db, { requestId, actor })),
    ),
    decide: answering(async (intent) =>
      done(intent, await decideReturnItems(services.db, { requestId, actor, decisions: readDecisions(form) })),
    ),
    "refund-return": answering(async (intent) => {
      const outcome = await refundReturn(services.db, services.payments, { requestId, actor });
      return outcome.ok ? done(intent, outcome.message) : refused(intent, "Rimborso non riuscito", outcome.message);
    }),
  });
}
