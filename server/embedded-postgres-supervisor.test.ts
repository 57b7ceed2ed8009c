import { describe, expect, it } from "vitest";
import type { EmbeddedDatabase } from "./embedded-postgres";
import { superviseEmbeddedPostgres } from "./embedded-postgres-supervisor";

// The supervision's rules, with servers the test ends and starts at will; the real server killed
// with SIGKILL under load is tests/resilience/embedded-database-crash.test.ts.

type Server = EmbeddedDatabase & { crash(): void; stopped: boolean };

function server(): Server {
  let end: (how: { code: number | null; signal: NodeJS.Signals | null }) => void = () => {};
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    end = resolve;
  });
  const made: Server = {
    url: "postgres://postgres@127.0.0.1:5433/vetrina",
    exited,
    stopped: false,
    crash: () => end({ code: null, signal: "SIGKILL" }),
    async stop() {
      made.stopped = true;
      end({ code: 0, signal: null });
    },
  };
  return made;
}

/** Starts as scripted: a server, or an error for a start that fails. */
function starts(script: (Server | Error)[]) {
  const calls: number[] = [];
  const start = async () => {
    calls.push(Date.now());
    const next = script.shift();
    if (!next) throw new Error("no more servers");
    if (next instanceof Error) throw next;
    return next;
  };
  return { start, calls };
}

const until = async (check: () => boolean) => {
  for (let round = 0; round < 200 && !check(); round++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
};

describe("the embedded PostgreSQL's supervision", () => {
  it("starts a server that stopped by itself again, after a wait, and stops the new one when the shop stops", async () => {
    const [first, second] = [server(), server()];
    const { start, calls } = starts([first, new Error("shared memory block still in use"), second]);
    const givenUp: string[] = [];
    const database = await superviseEmbeddedPostgres(start, {
      delaysMs: [20, 40, 80],
      onGiveUp: (reason) => givenUp.push(reason),
    });

    first.crash();
    await until(() => calls.length === 3);
    // The first try after 20 ms failed, the second came 40 ms later.
    expect((calls[2] as number) - (calls[1] as number)).toBeGreaterThanOrEqual(35);
    await database.stop();
    expect(second.stopped).toBe(true);
    expect(givenUp).toEqual([]);
  });

  it("gives up with the last reason after every try failed", async () => {
    const first = server();
    const { start, calls } = starts([first, new Error("a"), new Error("b"), new Error("could not bind 127.0.0.1")]);
    const givenUp: string[] = [];
    await superviseEmbeddedPostgres(start, { delaysMs: [5, 5, 5], onGiveUp: (reason) => givenUp.push(reason) });

    first.crash();
    await until(() => givenUp.length === 1);
    expect(calls).toHaveLength(4);
    expect(givenUp[0]).toBe(
      "The embedded PostgreSQL stopped and could not be started again after 3 tries: could not bind 127.0.0.1",
    );
  });

  it("tries no more once the shop is stopping, and never takes its own stop for a crash", async () => {
    const first = server();
    const { start, calls } = starts([first]);
    const givenUp: string[] = [];
    const database = await superviseEmbeddedPostgres(start, {
      delaysMs: [60_000],
      onGiveUp: (reason) => givenUp.push(reason),
    });

    await database.stop();
    expect(first.stopped).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(1);

    // A crash while it waits to try again: the stop ends the wait at once.
    const crashing = server();
    const supervised = await superviseEmbeddedPostgres(starts([crashing]).start, {
      delaysMs: [60_000],
      onGiveUp: (reason) => givenUp.push(reason),
    });
    crashing.crash();
    await new Promise((resolve) => setTimeout(resolve, 10));
    const stopped = Date.now();
    await supervised.stop();
    expect(Date.now() - stopped).toBeLessThan(1000);
    expect(givenUp).toEqual([]);
  });
});
