import { randomBytes } from "node:crypto";
import path from "node:path";
import type { Config } from "~/config.server";
import type { FileStore } from "~/modules/files/file-store";
import { localFileStore } from "~/modules/files/local-file-store.server";
import { s3FileStore } from "~/modules/files/s3-file-store.server";
import { BackupError, type BackupLocation } from "./manifest";

/**
 * Where backups go: a folder, or `s3://bucket/prefix`, a bucket reached with the shop's own S3_*
 * settings (region, endpoint, keys), usually another bucket than the shop's files. The commands'
 * --to / --from and the nightly backup's folder setting take the same form.
 */
export function backupLocation(argument: string, config: Pick<Config, "s3">): BackupLocation {
  const bucket = argument.match(/^s3:\/\/([^/]+)\/?(.*)$/);
  if (!bucket) {
    const folder = path.resolve(argument);
    return { store: folderStore(folder), prefix: "", description: folder };
  }
  const [, name = "", prefix = ""] = bucket;
  if (!config.s3) {
    throw new BackupError(`${argument} is a bucket: set S3_BUCKET and the other S3_* settings to reach it.`);
  }
  const normalised = prefix === "" || prefix.endsWith("/") ? prefix : `${prefix}/`;
  return { store: s3FileStore({ ...config.s3, bucket: name }), prefix: normalised, description: argument };
}

/** A folder as a file store, for backups: nothing in it is ever served, so its links' secret is thrown away. */
export function folderStore(folder: string): FileStore {
  return localFileStore(folder, { linkSecret: randomBytes(32).toString("base64url") });
}
