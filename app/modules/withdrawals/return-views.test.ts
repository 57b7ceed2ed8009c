import { describe, expect, it } from "vitest";
import { readDecisions } from "./return-actions.server";
import { lineRefundCents } from "./return-views";

describe("lineRefundCents", () => {
  it("gives back the whole line less its discounts, and a part of it rounded down", () => {
    const line = { quantity: 3, unitPriceCents: 1000, discountCents: 100 };
    expect(lineRefundCents(line, 3)).toBe(2900);
    expect(lineRefundCents(line, 1)).toBe(966);
    expect(lineRefundCents(line, 2)).toBe(1933);
    // Never more than the line, whatever quantity is asked.
    expect(lineRefundCents(line, 5)).toBe(2900);
  });
});

describe("readDecisions", () => {
  it("reads each decided item; a reason only for a refusal, a restock only for an acceptance", () => {
    const form = new FormData();
    for (const id of ["1", "2", "3", "x", "1"]) form.append("item", id);
    form.set("decision-1", "accepted");
    form.set("restock-1", "on");
    form.set("reason-1", "ignored");
    form.set("decision-2", "refused");
    form.set("reason-2", "Sigillo aperto");
    form.set("restock-2", "on");
    form.set("decision-3", "maybe");
    expect(readDecisions(form)).toEqual([
      { itemId: 1, decision: "accepted", refusalReason: null, restock: true },
      { itemId: 2, decision: "refused", refusalReason: "Sigillo aperto", restock: false },
    ]);
  });
});
