import { createHash } from "node:crypto";
import { z } from "zod";
import { contentTypeOf } from "~/modules/files/content-types";
import type { FileStore } from "~/modules/files/file-store";

/** Where a backup is written or read: a file store (a folder, or a bucket) and the key prefix inside it. */
export type BackupLocation = { store: FileStore; prefix: string; description: string };

/** What a backup holds, written last (a backup without it is unfinished) and checked by every restore. */
export const manifestSchema = z.object({
  format: z.literal("vetrina-backup"),
  version: z.literal(1),
  createdAt: z.string(),
  postgresVersion: z.string(),
  /** The folder timestamps of the migrations the database had applied, oldest first (drizzle's identity of a migration). */
  migrations: z.array(z.number().int()),
  tables: z.array(
    z.object({
      name: z.string(),
      columns: z.array(z.string()),
      rows: z.number().int().min(0),
      bytes: z.number().int().min(0),
      sha256: z.string(),
    }),
  ),
  sequences: z.array(z.object({ name: z.string(), lastValue: z.string(), isCalled: z.boolean() })),
  files: z.array(
    z.object({ key: z.string(), contentType: z.string(), bytes: z.number().int().min(0), sha256: z.string() }),
  ),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

export const manifestKey = "manifest.json";
/** A table's rows in PostgreSQL's COPY text format: one line per row. */
export const tableKey = (table: string) => `database/${table}.copy`;
export const fileKey = (key: string) => `files/${key}`;

/** A problem with a backup or with where it is to be restored: the command prints the message and changes nothing. */
export class BackupError extends Error {
  name = "BackupError";
}

/**
 * Passes `source` through unchanged, hashing it and counting its bytes and COPY rows on the way, so
 * a part of a backup is measured while it streams, never held whole.
 */
export function measured(source: AsyncIterable<Uint8Array>): {
  stream: AsyncGenerator<Uint8Array>;
  totals: () => { bytes: number; rows: number; sha256: string };
} {
  const hash = createHash("sha256");
  let bytes = 0;
  let rows = 0;
  async function* pass() {
    for await (const chunk of source) {
      hash.update(chunk);
      bytes += chunk.length;
      rows += copyRowCount(chunk);
      yield chunk;
    }
  }
  return { stream: pass(), totals: () => ({ bytes, rows, sha256: hash.digest("hex") }) };
}

/** Rows in a COPY text dump: newlines inside values are escaped, so each raw newline ends a row. */
export function copyRowCount(bytes: Uint8Array): number {
  let rows = 0;
  for (const byte of bytes) if (byte === 0x0a) rows++;
  return rows;
}

// The FileStore keeps bytes only; a restore puts each file back with the type its extension names.
export function storedContentType(key: string): string {
  return contentTypeOf(key) ?? "application/octet-stream";
}

export const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;
