// Whether an error means the database cannot be reached at all (stopped, restarting, unreachable,
// out of connections) rather than that one query went wrong. Pages answer the first with the
// shop's "temporarily unavailable" page (503) and a retry, the second as the error it is.

/** Node's socket errors: nothing listens, the connection broke, the host cannot be found. */
const socketCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * PostgreSQL's SQLSTATEs of an unavailable server: class 08 (connection exception), 57P01-57P03
 * (shut down by an administrator, crash, cannot connect now: starting or stopping), 53300 (too many
 * connections).
 */
const unavailableStates = /^(08...|57P0[123]|53300)$/;

/** What node-postgres says when a connection closes under a query, or the pool waits too long for one. */
const driverMessages = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
];

/** True when `error`, or an error it wraps (Drizzle wraps the driver's as `cause`), says the database is unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (socketCodes.has(code) || unavailableStates.test(code))) return true;
    if (driverMessages.some((message) => current instanceof Error && current.message.startsWith(message))) return true;
    // pg reports a refused connection to several addresses (IPv4 and IPv6) as one AggregateError.
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) return true;
    current = current.cause;
  }
  return false;
}
