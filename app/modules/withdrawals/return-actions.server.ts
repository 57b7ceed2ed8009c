import type { Services } from "~/services.server";
import { type ReturnAnswer, type ReturnIntent, returnIntents } from "./return-views";
import { decideReturnItems, type ItemDecision, markGoodsReceived, ReturnRefused, refundReturn } from "./returns.server";

// Every button of the admin's return page posts an `intent` here: one place that reads the form,
// calls returns.server.ts and words the answer as the spec's toasts ('Successo' / 'Errore').

const isIntent = (value: string): value is ReturnIntent => (returnIntents as readonly string[]).includes(value);

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
): Promise<ReturnAnswer> {
  const intent = String(form.get("intent") ?? "");
  if (!isIntent(intent)) return { intent: "unknown", ok: false, title: "Errore", message: "Azione non riconosciuta." };
  const done = (message: string): ReturnAnswer => ({ intent, ok: true, title: "Successo", message });
  try {
    switch (intent) {
      case "goods-received":
        return done(await markGoodsReceived(services.db, { requestId, actor }));
      case "decide":
        return done(await decideReturnItems(services.db, { requestId, actor, decisions: readDecisions(form) }));
      case "refund-return": {
        const outcome = await refundReturn(services.db, services.payments, { requestId, actor });
        return outcome.ok
          ? done(outcome.message)
          : { intent, ok: false, title: "Rimborso non riuscito", message: outcome.message };
      }
    }
  } catch (error) {
    if (error instanceof ReturnRefused) return { intent, ok: false, title: "Errore", message: error.message };
    throw error;
  }
}
