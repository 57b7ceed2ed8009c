import { access, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { checkedFileKey, type FileStore } from "./file-store";

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
  };
}
