import { access, mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { checkedFileKey, type FileStore, fileKeySegments } from "./file-store";

/** The files under `root` (DATA_DIR/files), which the shop serves at /files and renders at /images. */
export function localFileStore(root: string): FileStore {
  const fileFor = (key: string) => path.join(path.resolve(root), ...checkedFileKey(key));
  return {
    name: "local",
    async put(key, bytes) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so /files and /images never read half a file.
      const partial = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(partial, bytes);
      await rename(partial, file);
    },
    async read(key) {
      try {
        return new Uint8Array(await readFile(fileFor(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileFor(key), { force: true });
    },
    async exists(key) {
      const file = fileFor(key);
      return await access(file).then(
        () => true,
        () => false,
      );
    },
    async list(prefix) {
      const entries = await readdir(path.resolve(root), { recursive: true, withFileTypes: true }).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === "ENOENT") return [];
          throw error;
        },
      );
      return (
        entries
          .filter((entry) => entry.isFile())
          .map((entry) =>
            path.relative(path.resolve(root), path.join(entry.parentPath, entry.name)).split(path.sep).join("/"),
          )
          // Half-written files (put's ".tmp") and anything no key could name are not files of the store.
          .filter((key) => key.startsWith(prefix) && !key.endsWith(".tmp") && fileKeySegments(key) !== null)
          .sort()
      );
    },
  };
}
