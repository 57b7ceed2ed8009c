import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";

// JSON lines on stdout. Each line carries the id of the request or job run it belongs to (its log
// scope), so everything done for one request can be found by that id. Secrets never reach the log
// (see redact), nor do e-mail addresses and IP addresses: errors are written without them (a
// failed query's parameters, a server's reply naming the recipient), and security events name a
// person only by a keyed hash (modules/security/pseudonym.server.ts).

/** What every line written during a request or a job run carries. */
export type LogScope = { requestId: string } | { job: string; jobRunId: string };

// The Node server and the app bundle it loads are separate module instances: one store for both.
const slot = globalThis as typeof globalThis & { __vetrinaLogScope?: AsyncLocalStorage<LogScope> };
slot.__vetrinaLogScope ??= new AsyncLocalStorage<LogScope>();
const scopes = slot.__vetrinaLogScope;

/** Runs `work` with `scope` added to every log line it writes, through all its awaits. */
export function inLogScope<T>(scope: LogScope, work: () => T): T {
  return scopes.run(scope, work);
}

/** The request id or job run id of the work in progress, as its log lines show it. */
export function currentLogId(): string | null {
  const scope = scopes.getStore();
  if (!scope) return null;
  return "requestId" in scope ? scope.requestId : scope.jobRunId;
}

const emailAddress = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;
const ipv4Address = /\b(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}\b/g;
// Eight groups, or fewer around a "::"; hex words alone (hashes, ids) have no colons and stay.
const ipv6Address = /\b(?:[0-9a-f]{1,4}:){7}[0-9a-f]{1,4}\b|\b(?:[0-9a-f]{1,4}:){1,6}(?::[0-9a-f]{1,4}){1,6}\b|::1\b/gi;

/** `text` with e-mail addresses and IP addresses replaced by placeholders. */
export function withoutPersonalData(text: string): string {
  return text.replace(emailAddress, "[e-mail]").replace(ipv4Address, "[ip]").replace(ipv6Address, "[ip]");
}

// PostgreSQL's error fields that may quote the data of a row ("Key (email)=(…) already exists").
const rowQuotingFields = ["detail", "where", "internalQuery"];

/**
 * An error as a log line holds it: pino's own serialisation, without what may carry a person's data.
 * Drizzle's failed-query error puts the query's parameters in its message: only the query is kept.
 */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const serialized = pino.stdSerializers.err(error) as Record<string, unknown>;
  const record = serialized as { message?: string; stack?: string; params?: unknown; query?: unknown };
  if ("params" in error && "query" in error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
    record.message = `Failed query: ${String(error.query)}${cause}`;
    // The stack starts with the message, parameters included.
    record.stack = record.stack?.replace(/^[\s\S]*?\n(?=\s+at )/, `${error.name}: ${record.message}\n`);
    delete record.params;
  }
  for (const field of rowQuotingFields) delete serialized[field];
  if (record.message) record.message = withoutPersonalData(record.message);
  if (record.stack) record.stack = withoutPersonalData(record.stack);
  if (error instanceof AggregateError) serialized.aggregateErrors = error.errors.map(serializeError);
  return serialized;
}

/** The shop's logger, writing to `destination` (stdout by default). */
export function createLogger(destination?: pino.DestinationStream): pino.Logger {
  const options: pino.LoggerOptions = {
    level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info"),
    base: { service: "vetrina" },
    // A copy: pino merges each line's fields into the object the mixin returns.
    mixin: () => ({ ...scopes.getStore() }),
    serializers: { err: serializeError },
    redact: {
      paths: ["password", "*.password", "token", "*.token", "headers.cookie", "headers.authorization"],
      censor: "[redacted]",
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

export const logger = createLogger();
