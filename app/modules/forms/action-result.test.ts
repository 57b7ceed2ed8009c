import { describe, expect, it } from "vitest";
import { type ActionResult, failed, handleIntent, succeeded, unknownIntentMessage } from "./action-result";

const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
};

type Result = ActionResult<"save" | "delete">;
const handlers = {
  save: (intent: "save"): Result => succeeded({ intent, notice: { title: "Salvato" } }),
  delete: (intent: "delete"): Result => failed({ intent, fieldErrors: { id: "Non trovato." } }),
};

describe("handleIntent", () => {
  it("runs the handler named by the form's intent, which gets its name", () => {
    expect(handleIntent(formOf({ intent: "save" }), handlers)).toEqual({
      ok: true,
      intent: "save",
      notice: { title: "Salvato" },
    });
    expect(handleIntent(formOf({ intent: "delete" }), handlers)).toEqual({
      ok: false,
      intent: "delete",
      fieldErrors: { id: "Non trovato." },
    });
  });

  it.each<Record<string, string>>([
    {},
    { intent: "" },
    { intent: "publish" },
    { intent: "toString" },
    { intent: "__proto__" },
  ])("refuses a missing or unknown intent (%j) with a 400 in the one result shape", (fields) => {
    let thrown: unknown;
    try {
      handleIntent(formOf(fields), handlers);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({
      init: { status: 400 },
      data: { ok: false, notice: { title: "Errore", description: unknownIntentMessage } },
    });
  });

  it("refuses an intent sent as a file", () => {
    const form = new FormData();
    form.set("intent", new File(["save"], "save"));
    expect(() => handleIntent(form, handlers)).toThrow();
  });
});
