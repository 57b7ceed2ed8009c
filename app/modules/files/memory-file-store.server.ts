import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { checkedFileKey, type FileStore } from "./file-store";
import { signFileLink } from "./signed-file-links.server";

export type MemoryFileStore = FileStore & {
  /** What was stored at `key`, with its content type, for tests to inspect. */
  entry(key: string): { bytes: Uint8Array; contentType: string } | undefined;
  keys(): string[];
};

/**
 * The sandbox twin of the local folder: files kept in memory, for tests. Its signed links are app
 * URLs signed with `linkSecret`, as the local folder's (a random one when the test never opens them).
 */
export function memoryFileStore({
  linkSecret = randomBytes(32).toString("base64"),
}: {
  linkSecret?: string;
} = {}): MemoryFileStore {
  const files = new Map<string, { bytes: Uint8Array; contentType: string; modifiedAt: Date }>();
  const keyOf = (key: string) => checkedFileKey(key).join("/");
  return {
    name: "memory",
    async put(key, bytes, contentType) {
      // A copy, as a disk would keep: the caller may reuse its buffer.
      files.set(keyOf(key), { bytes: new Uint8Array(bytes), contentType, modifiedAt: new Date() });
    },
    async putStream(key, source, contentType) {
      // Memory holds it whole anyway.
      files.set(keyOf(key), { bytes: new Uint8Array(await buffer(source)), contentType, modifiedAt: new Date() });
    },
    async read(key) {
      const file = files.get(keyOf(key));
      return file ? new Uint8Array(file.bytes) : null;
    },
    async readStream(key) {
      const file = files.get(keyOf(key));
      return file ? Readable.from([new Uint8Array(file.bytes)]) : null;
    },
    async delete(key) {
      files.delete(keyOf(key));
    },
    async exists(key) {
      return files.has(keyOf(key));
    },
    async stat(key) {
      const file = files.get(keyOf(key));
      return file ? { size: file.bytes.length, modifiedAt: file.modifiedAt } : null;
    },
    async list(prefix) {
      return [...files.keys()].filter((key) => key.startsWith(prefix)).sort();
    },
    async listNames(folder) {
      const names = [...files.keys()]
        .filter((key) => key.startsWith(folder))
        .map((key) => key.slice(folder.length).split("/")[0] as string);
      return [...new Set(names)].sort();
    },
    async signedUrl(key, options) {
      return signFileLink(linkSecret, key, options);
    },
    entry: (key) => files.get(keyOf(key)),
    keys: () => [...files.keys()],
  };
}
