import { checkedFileKey, type FileStore } from "./file-store";

export type MemoryFileStore = FileStore & {
  /** What was stored at `key`, with its content type, for tests to inspect. */
  entry(key: string): { bytes: Uint8Array; contentType: string } | undefined;
  keys(): string[];
};

/** The sandbox twin of the local folder: files kept in memory, for tests. */
export function memoryFileStore(): MemoryFileStore {
  const files = new Map<string, { bytes: Uint8Array; contentType: string }>();
  const keyOf = (key: string) => checkedFileKey(key).join("/");
  return {
    name: "memory",
    async put(key, bytes, contentType) {
      // A copy, as a disk would keep: the caller may reuse its buffer.
      files.set(keyOf(key), { bytes: new Uint8Array(bytes), contentType });
    },
    async read(key) {
      const file = files.get(keyOf(key));
      return file ? new Uint8Array(file.bytes) : null;
    },
    async delete(key) {
      files.delete(keyOf(key));
    },
    async exists(key) {
      return files.has(keyOf(key));
    },
    async list(prefix) {
      return [...files.keys()].filter((key) => key.startsWith(prefix)).sort();
    },
    entry: (key) => files.get(keyOf(key)),
    keys: () => [...files.keys()],
  };
}
