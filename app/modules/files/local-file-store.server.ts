import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, readFile, realpath, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { checkedFileKey, type FileStore, fileKeySegments } from "./file-store";
import { signFileLink } from "./signed-file-links.server";

/**
 * The files under `root` (DATA_DIR/files). Its signed links are app URLs signed with `linkSecret`
 * (the app's secret), which app/routes/signed-file.ts checks with the same secret.
 */
export function localFileStore(root: string, { linkSecret }: { linkSecret: string }): FileStore {
  const resolvedRoot = path.resolve(root);
  const fileFor = (key: string) => path.join(resolvedRoot, ...checkedFileKey(key));
  /**
   * The file of `key` when it is a plain file reached without symbolic links (put never makes one:
   * a link could lead out of the folder, or show a non-image under an image's name), else null.
   */
  async function existingFile(key: string): Promise<string | null> {
    const file = fileFor(key);
    try {
      const real = await realpath(file);
      const relative = path.relative(await realpath(resolvedRoot), real);
      if (relative.split(path.sep).join("/") !== checkedFileKey(key).join("/")) return null;
      return (await stat(real)).isFile() ? real : null;
    } catch (error) {
      if (["ENOENT", "ENOTDIR"].includes((error as NodeJS.ErrnoException).code ?? "")) return null;
      throw error;
    }
  }
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
    async putStream(key, source) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.${process.pid}.${Date.now()}.tmp`;
      try {
        await pipeline(source, createWriteStream(partial));
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      await rename(partial, file);
    },
    async read(key) {
      const file = await existingFile(key);
      return file ? new Uint8Array(await readFile(file)) : null;
    },
    async readStream(key) {
      const file = await existingFile(key);
      return file ? createReadStream(file) : null;
    },
    async delete(key) {
      await rm(fileFor(key), { force: true });
    },
    async exists(key) {
      return (await existingFile(key)) !== null;
    },
    async stat(key) {
      const file = await existingFile(key);
      if (!file) return null;
      const stats = await stat(file);
      return { size: stats.size, modifiedAt: stats.mtime };
    },
    async list(prefix) {
      const entries = await readdir(resolvedRoot, { recursive: true, withFileTypes: true }).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === "ENOENT") return [];
          throw error;
        },
      );
      return (
        entries
          .filter((entry) => entry.isFile())
          .map((entry) =>
            path.relative(resolvedRoot, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"),
          )
          // Half-written files (put's ".tmp") and anything no key could name are not files of the store.
          .filter((key) => key.startsWith(prefix) && !key.endsWith(".tmp") && fileKeySegments(key) !== null)
          .sort()
      );
    },
    async signedUrl(key, options) {
      return signFileLink(linkSecret, key, options);
    },
  };
}
