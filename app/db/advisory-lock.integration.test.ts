import { describe, expect, it } from "vitest";
import { connectTestDatabase } from "../../tests/integration/database";
import { withAdvisoryLock } from "./advisory-lock.server";

const db = connectTestDatabase();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("an advisory lock", () => {
  it("lets callers on different connections take turns, and is freed when the work fails", async () => {
    const name = `test-lock-${Date.now()}`;
    const steps: string[] = [];
    const holder = (label: string, fail = false) =>
      withAdvisoryLock(db.$client, name, async () => {
        steps.push(`${label} in`);
        await pause(150);
        steps.push(`${label} out`);
        if (fail) throw new Error(`${label} failed`);
        return label;
      });
    const results = await Promise.allSettled([holder("a", true), holder("b"), holder("c")]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "fulfilled", "fulfilled"]);
    // Never two inside at once: every entry is followed by its own exit.
    for (let step = 0; step < steps.length; step += 2) {
      expect(steps[step + 1]).toBe((steps[step] as string).replace(" in", " out"));
    }
    expect(steps).toHaveLength(6);
    // A lock of another name does not wait for this one.
    const other = await Promise.race([
      withAdvisoryLock(db.$client, `${name}-other`, async () => "free"),
      withAdvisoryLock(db.$client, name, () => pause(1000).then(() => "waited")),
    ]);
    expect(other).toBe("free");
  });
});
