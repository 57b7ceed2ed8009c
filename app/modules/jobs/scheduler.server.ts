import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { scheduledJobs } from "~/db/schema";
import { inLogScope, logger } from "~/logger.server";

// Jobs that run every so often (ending unpaid orders, clearing old checkout sessions) or nightly (the
// backup). Every app instance ticks; a run is claimed in the database by moving the job's next run
// forward, which only one instance can do for a given run. Nothing lives in process timers that die with the process:
// an instance that stops mid-run is replaced at the job's next run.

/** When a job runs: every so many seconds, or once a day at an hour of the shop's clock (Europe/Rome). */
export type JobSchedule = { everySeconds: number } | { dailyAtRomeHour: number };

export type Job = { name: string; run: () => Promise<unknown> } & JobSchedule;

/** The run after this one, as SQL: in the database's clock, so every instance agrees. */
function nextRunAt(job: JobSchedule) {
  if ("everySeconds" in job) return sql`now() + make_interval(secs => ${job.everySeconds})`;
  // The next time the shop's clock shows the hour, today's if it is still ahead.
  const todayAtHour = sql`date_trunc('day', now() AT TIME ZONE 'Europe/Rome') + make_interval(hours => ${job.dailyAtRomeHour})`;
  return sql`(CASE WHEN ${todayAtHour} > now() AT TIME ZONE 'Europe/Rome' THEN ${todayAtHour}
                   ELSE ${todayAtHour} + interval '1 day' END) AT TIME ZONE 'Europe/Rome'`;
}

/** Claims this job's due run for the caller: true for exactly one of the instances asking. */
export async function claimRun(db: Database, job: Pick<Job, "name"> & JobSchedule): Promise<boolean> {
  // A daily job's first run waits for its hour; an every-so-often job's runs at once.
  await db
    .insert(scheduledJobs)
    .values({ name: job.name, ...("dailyAtRomeHour" in job ? { nextRunAt: nextRunAt(job) } : {}) })
    .onConflictDoNothing();
  const claimed = await db.execute(sql`
    UPDATE scheduled_jobs
    SET next_run_at = ${nextRunAt(job)}, last_started_at = now()
    WHERE name = ${job.name} AND next_run_at <= now()
    RETURNING name`);
  return claimed.rows.length === 1;
}

async function runIfDue(db: Database, job: Job): Promise<void> {
  if (!(await claimRun(db, job))) return;
  // The run's own id on its log lines and on the e-mails it queues.
  const error = await inLogScope({ job: job.name, jobRunId: randomUUID() }, async () => {
    const started = performance.now();
    try {
      await job.run();
      // One line per run across all instances: the log shows which instance ran it, and when.
      logger.info({ ms: Math.round(performance.now() - started) }, "scheduled job ran");
      return null;
    } catch (failure) {
      logger.error({ err: failure }, "scheduled job failed");
      return failure instanceof Error ? failure.message : String(failure);
    }
  });
  await db
    .update(scheduledJobs)
    .set({ lastFinishedAt: sql`now()`, lastError: error })
    .where(sql`${scheduledJobs.name} = ${job.name}`);
}

export type Scheduler = { stop: () => Promise<void> };

/**
 * Checks every `tickSeconds` which jobs are due and runs those this instance claims. Each job runs on
 * its own: the nightly backup's minutes never hold up the every-minute jobs.
 */
export function startScheduler(db: Database, jobs: Job[], tickSeconds = 10): Scheduler {
  const running = new Map<string, Promise<void>>();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    for (const job of jobs) {
      // A slow run is never overlapped by the next tick's: that tick skips the job.
      if (running.has(job.name)) continue;
      const run = runIfDue(db, job)
        .catch((error: unknown) => logger.error({ err: error, job: job.name }, "job not run"))
        .finally(() => running.delete(job.name));
      running.set(job.name, run);
    }
  };
  const timer = setInterval(tick, tickSeconds * 1000);
  timer.unref();
  tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.all(running.values());
    },
  };
}
