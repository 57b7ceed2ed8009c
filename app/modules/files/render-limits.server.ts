// The two bounds on image rendering (see docs/decisions/0008-image-renditions.md): how many renders run at
// once in the whole process, and how many new renditions one client may cause per minute.

export type RenderQueue = {
  /** False when a new task would have to wait and the waiting line is full: the caller should do without. */
  hasRoom: () => boolean;
  /** Runs `task` when a slot is free. Always accepted: check `hasRoom` first to respect the waiting limit. */
  run: <T>(task: () => Promise<T>) => Promise<T>;
};

/** Runs at most `concurrency` tasks at a time; the others wait their turn, at most `maxWaiting` of them. */
export function createRenderQueue({
  concurrency,
  maxWaiting,
}: {
  concurrency: number;
  maxWaiting: number;
}): RenderQueue {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    hasRoom: () => running < concurrency || waiting.length < maxWaiting,
    async run(task) {
      if (running < concurrency) running++;
      // A finishing task hands its slot over directly, so `running` still counts it.
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
  };
}

export type RenderBudget = {
  /** Spends one render of `client`'s budget; false when this minute's is used up. */
  take: (client: string) => boolean;
};

const windowMs = 60_000;

/** `perMinute` renders per client, in fixed one-minute windows that start at the client's first render. */
export function createRenderBudget({
  perMinute,
  now = Date.now,
}: {
  perMinute: number;
  now?: () => number;
}): RenderBudget {
  const windows = new Map<string, { startedAt: number; used: number }>();
  let lastSweep = now();
  return {
    take(client) {
      const time = now();
      // Once a minute at most, so memory follows the clients of the last minute or two, not all clients ever.
      if (time - lastSweep >= windowMs) {
        lastSweep = time;
        for (const [key, window] of windows) if (time - window.startedAt >= windowMs) windows.delete(key);
      }
      let window = windows.get(client);
      if (!window || time - window.startedAt >= windowMs) {
        window = { startedAt: time, used: 0 };
        windows.set(client, window);
      }
      if (window.used >= perMinute) return false;
      window.used++;
      return true;
    },
  };
}
