// Where the shop keeps its files (product and blog images, the renditions /images caches, shipping
// labels): a small, byte-oriented store, so the local folder (local-file-store.server.ts) and an
// S3-compatible bucket (s3-file-store.server.ts) are interchangeable and two app instances may share
// a bucket. The sandbox twin (memory-file-store.server.ts) serves the tests; all three pass
// file-store.contract.ts. Keys below PUBLIC_FILE_PREFIXES are served to anyone at /files; every other
// key is private, reached only through a signed, expiring link (signedUrl).
import type { Readable } from "node:stream";

export interface FileStore {
  /** "local" for the DATA_DIR/files folder, "s3" for a bucket, "memory" for the tests' sandbox. */
  readonly name: string;
  /** Stores `bytes` at `key`, replacing what was there; a reader never sees half a file. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /**
   * Stores what `source` yields at `key`, holding only a part of it in memory at a time (backups of
   * tables and files of any size); as with put, a reader never sees half a file.
   */
  putStream(key: string, source: AsyncIterable<Uint8Array>, contentType: string): Promise<void>;
  /** The bytes at `key`, or null when there is no such file. */
  read(key: string): Promise<Uint8Array | null>;
  /** The bytes at `key` as a stream, read as they are consumed, or null when there is no such file. */
  readStream(key: string): Promise<Readable | null>;
  /** Removes the file at `key`; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The size and last change of the file at `key` (they name its cached renditions and ETags), or null. */
  stat(key: string): Promise<FileStat | null>;
  /** Every key below `prefix` ("products/" or "" for all), sorted, for backups and clean-ups. */
  list(prefix: string): Promise<string[]>;
  /**
   * The names directly inside `folder` ("" for the top, else ending in "/"): its files and
   * sub-folders, each once, sorted, without reading what the sub-folders hold (the backups in a folder).
   */
  listNames(folder: string): Promise<string[]>;
  /**
   * A link that downloads the file at `key` until `expiresInSeconds` after `now` (default: the
   * present), then stops working: a presigned bucket URL, or an HMAC-signed app URL
   * (signed-file-links.server.ts) for the local folder. The only way to a private file's bytes from a browser.
   */
  signedUrl(key: string, options: SignedUrlOptions): Promise<string>;
}

export type FileStat = { size: number; modifiedAt: Date };

export type SignedUrlOptions = {
  expiresInSeconds: number;
  /** The file name the browser is given (Content-Disposition); letters, digits, dot, dash and underscore. */
  downloadName?: string;
  now?: Date;
};

/** The folders of the store anyone may read at /files: product and blog images. Labels, the cache and anything else are not. */
export const PUBLIC_FILE_PREFIXES = ["products/", "blog/"] as const;

/** Whether `key` is a well-formed key below a public prefix, so /files and /images may serve it. */
export function isPublicFileKey(key: string): boolean {
  return fileKeySegments(key) !== null && PUBLIC_FILE_PREFIXES.some((prefix) => key.startsWith(prefix));
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
