/**
 * Counts attempts per key (e.g. "login:203.0.113.9") in fixed time windows, in this process's memory:
 * the shop runs as one process, and a restart forgetting the counts is harmless.
 */
export function createRateLimiter({ limit, windowMs }: { limit: number; windowMs: number }) {
  const windows = new Map<string, { count: number; resetsAt: number }>();
  return {
    /** Records one attempt; tells whether it is within the limit and, if not, when to retry. */
    hit(key: string, now = Date.now()): { allowed: boolean; retryAfterSeconds: number } {
      if (windows.size > 10_000) {
        for (const [staleKey, window] of windows) if (window.resetsAt <= now) windows.delete(staleKey);
      }
      let window = windows.get(key);
      if (!window || window.resetsAt <= now) {
        window = { count: 0, resetsAt: now + windowMs };
        windows.set(key, window);
      }
      window.count++;
      return { allowed: window.count <= limit, retryAfterSeconds: Math.ceil((window.resetsAt - now) / 1000) };
    },
    reset(key: string) {
      windows.delete(key);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

export const tooManyRequestsMessage = "Troppe richieste. Riprova tra qualche minuto.";

/** The visitor's IP address, as the Node server recorded it (see server/http.ts). */
export function clientIp(request: Request): string {
  return request.headers.get("x-client-ip") ?? "unknown";
}
