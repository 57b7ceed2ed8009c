import { logger } from "../app/logger.server";
import type { EmbeddedDatabase } from "./embedded-postgres";

// The shop's primary process owns the embedded PostgreSQL it started: when the server stops by
// itself (killed, crashed, out of memory), nothing else would start it again, and the shop would
// answer 503 for good while its process looked alive. The primary starts it again, waiting a little
// longer after each failed try (the killed server's last backends must end before a new one can use
// the data folder); when it cannot, the shop is beyond repairing itself and says so: the caller's
// `onGiveUp` makes /healthz fail and the process exit non-zero, for a service manager to restart.

/**
 * The waits before each try to start the stopped server again: about half a minute in all, time
 * enough for a crashed server's processes to end and its recovery to begin, short enough that a
 * health check restarts a shop that cannot recover soon.
 */
export const RESTART_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000];

/** A server that ran this long after a restart is sound again: should it stop later, the tries start afresh. */
const SOUND_AFTER_MS = 60_000;

export type SupervisedDatabase = { url: string; stop: () => Promise<void> };

export async function superviseEmbeddedPostgres(
  start: () => Promise<EmbeddedDatabase>,
  { onGiveUp, delaysMs = RESTART_DELAYS_MS }: { onGiveUp: (reason: string) => void; delaysMs?: number[] },
): Promise<SupervisedDatabase> {
  let current = await start();
  let startedAt = Date.now();
  let tries = 0;
  let stopping = false;
  let restarting: Promise<void> | null = null;
  let cancelWait: (() => void) | null = null;

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      cancelWait = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function restart(): Promise<void> {
    if (Date.now() - startedAt >= SOUND_AFTER_MS) tries = 0;
    let reason = "";
    while (tries < delaysMs.length && !stopping) {
      await wait(delaysMs[tries++] as number);
      if (stopping) return;
      try {
        current = await start();
        startedAt = Date.now();
        logger.info({ tries }, "embedded PostgreSQL started again");
        watch(current);
        return;
      } catch (error) {
        reason = error instanceof Error ? error.message : String(error);
        logger.warn({ tries, reason }, "embedded PostgreSQL not started again yet");
      }
    }
    if (stopping) return;
    onGiveUp(`The embedded PostgreSQL stopped and could not be started again after ${tries} tries: ${reason}`);
  }

  function watch(database: EmbeddedDatabase) {
    void database.exited.then(({ code, signal }) => {
      if (stopping) return;
      logger.error({ code, signal }, "embedded PostgreSQL stopped by itself: starting it again");
      restarting = restart().finally(() => {
        restarting = null;
      });
    });
  }

  watch(current);
  return {
    url: current.url,
    async stop() {
      stopping = true;
      cancelWait?.();
      await restarting;
      await current.stop();
    },
  };
}
