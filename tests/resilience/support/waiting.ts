// Waiting in the fault tests: for a while, or until something holds.

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks `check` every `everyMs` until it answers something (a throw counts as no), for `limitMs` at most. */
export async function until<T>(
  what: string,
  limitMs: number,
  check: () => Promise<T | null | undefined | false>,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    const found = await check().catch(() => null);
    if (found) return found;
    await pause(everyMs);
  }
  throw new Error(`${what}: not within ${limitMs / 1000} s`);
}
