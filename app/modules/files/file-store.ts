// Where the shop keeps the files staff upload (product images): a small, byte-oriented store so the
// local folder of today (local-file-store.server.ts) and a bucket tomorrow are interchangeable. The
// sandbox twin (memory-file-store.server.ts) serves the tests; both pass file-store.contract.ts.

export interface FileStore {
  /** "local" for the DATA_DIR/files folder, "memory" for the tests' sandbox. */
  readonly name: string;
  /** Stores `bytes` at `key`, replacing what was there; a reader never sees half a file. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes at `key`, or null when there is no such file. */
  read(key: string): Promise<Uint8Array | null>;
  /** Removes the file at `key`; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every key below `prefix` ("products/" or "" for all), sorted, for backups and clean-ups. */
  list(prefix: string): Promise<string[]>;
}

export class FileKeyError extends Error {
  constructor(key: string) {
    super(`Not a file key: ${JSON.stringify(key)}`);
    this.name = "FileKeyError";
  }
}

// Letters, digits, dot, dash, underscore, never starting with a dot: no "..", no hidden files, no separators.
const safeSegment = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** The segments of a key ("products/12/ab34.jpg"), or null when it could name anything outside the store. */
export function fileKeySegments(key: string): string[] | null {
  const segments = key.split("/");
  return segments.every((segment) => safeSegment.test(segment)) ? segments : null;
}

/**
 * The segments of `key`, checked: every adapter calls this before touching anything, so a key can
 * never climb out of the store (no "..", no absolute path, no backslash or NUL).
 */
export function checkedFileKey(key: string): string[] {
  const segments = fileKeySegments(key);
  if (!segments) throw new FileKeyError(key);
  return segments;
}
