import { createReadStream } from "node:fs";
import { type FileHandle, mkdir, open, readdir, readFile, realpath, rename, rm, rmdir, stat } from "node:fs/promises";
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
  /**
   * Opens a file about to be written, making its folder first, and again should a delete have
   * removed that folder, emptied, in between (once the file is in it, the folder stays).
   */
  async function openPartial(partial: string): Promise<FileHandle> {
    for (let attempt = 1; ; attempt++) {
      await mkdir(path.dirname(partial), { recursive: true });
      try {
        return await open(partial, "w");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT" || attempt === 3) throw error;
      }
    }
  }
  /** The folder of the store that holds every key starting with `prefix`, or null when no key could. */
  function folderOf(prefix: string): string | null {
    const folder = prefix.slice(0, prefix.lastIndexOf("/") + 1);
    if (folder === "") return resolvedRoot;
    const segments = fileKeySegments(folder.slice(0, -1));
    return segments ? path.join(resolvedRoot, ...segments) : null;
  }
  return {
    name: "local",
    async put(key, bytes) {
      const file = fileFor(key);
      // Written aside and renamed, so /files and /images never read half a file.
      const partial = `${file}.${process.pid}.${Date.now()}.tmp`;
      const handle = await openPartial(partial);
      try {
        await handle.writeFile(bytes);
      } finally {
        await handle.close();
      }
      await rename(partial, file);
    },
    async putStream(key, source) {
      const file = fileFor(key);
      const partial = `${file}.${process.pid}.${Date.now()}.tmp`;
      const handle = await openPartial(partial);
      try {
        await pipeline(source, handle.createWriteStream());
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
      const file = fileFor(key);
      await rm(file, { force: true });
      // The folders it leaves empty go too, as in a bucket (a pruned backup leaves nothing behind).
      for (let folder = path.dirname(file); folder !== resolvedRoot; folder = path.dirname(folder)) {
        try {
          await rmdir(folder);
        } catch {
          break; // not empty: nor are the folders above it
        }
      }
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
      // Walked from the folder the prefix names ("products/12/" → products/12), not from the top.
      const start = folderOf(prefix);
      if (start === null) return [];
      const entries = await readdir(start, { recursive: true, withFileTypes: true }).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === "ENOENT" || (error.code === "ENOTDIR" && start !== resolvedRoot)) return [];
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
    async listNames(folder) {
      const start = folderOf(folder);
      if (start === null) return [];
      const entries = await readdir(start, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [];
        throw error;
      });
      return entries
        .filter((entry) => (entry.isFile() || entry.isDirectory()) && !entry.name.endsWith(".tmp"))
        .map((entry) => entry.name)
        .filter((name) => fileKeySegments(name) !== null)
        .sort();
    },
    async signedUrl(key, options) {
      return signFileLink(linkSecret, key, options);
    },
  };
}
