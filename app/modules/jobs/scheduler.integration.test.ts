import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { scheduledJobs } from "~/db/schema";
import { connectTestDatabase } from "../../../tests/integration/database";
import { claimRun, startScheduler } from "./scheduler.server";

const db = connectTestDatabase();

describe("scheduled jobs", () => {
  it("give each due run to exactly one of the instances asking", async () => {
    const job = { name: `test-claim-${Date.now()}`, everySeconds: 3600 };
    const claims = await Promise.all(Array.from({ length: 8 }, () => claimRun(db, job)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    // Not due again for an hour.
    expect(await claimRun(db, job)).toBe(false);
    await db
      .update(scheduledJobs)
      .set({ nextRunAt: new Date(Date.now() - 1000) })
      .where(eq(scheduledJobs.name, job.name));
    expect(await claimRun(db, job)).toBe(true);
  });

  it("run once across two schedulers, and record a failure without stopping", async () => {
    const name = `test-run-${Date.now()}`;
    let runs = 0;
    const job = { name, everySeconds: 3600, run: async () => void runs++ };
    const failing = { name: `${name}-failing`, everySeconds: 3600, run: () => Promise.reject(new Error("SMTP giù")) };
    const first = startScheduler(db, [failing, job], 3600);
    const second = startScheduler(db, [failing, job], 3600);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await Promise.all([first.stop(), second.stop()]);
    expect(runs).toBe(1);
    const [failed] = await db.select().from(scheduledJobs).where(eq(scheduledJobs.name, failing.name));
    expect(failed?.lastError).toBe("SMTP giù");
  });

  it("run a job while another one is still running", async () => {
    const name = `test-slow-${Date.now()}`;
    let finishSlow = () => {};
    const slow = { name, everySeconds: 3600, run: () => new Promise<void>((resolve) => (finishSlow = resolve)) };
    let fastRuns = 0;
    const fast = { name: `${name}-fast`, everySeconds: 3600, run: async () => void fastRuns++ };
    const scheduler = startScheduler(db, [slow, fast], 3600);
    await expect.poll(() => fastRuns).toBe(1);
    finishSlow();
    await scheduler.stop();
    const [ended] = await db.select().from(scheduledJobs).where(eq(scheduledJobs.name, name));
    expect(ended?.lastFinishedAt).not.toBeNull();
  });
});
