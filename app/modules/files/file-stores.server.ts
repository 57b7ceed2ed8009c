import path from "node:path";
import { resolveAuthSecret } from "~/app-secret.server";
import type { Config } from "~/config.server";
import type { FileStore } from "./file-store";
import { localFileStore } from "./local-file-store.server";
import { s3FileStore } from "./s3-file-store.server";

/** The bucket when S3_BUCKET is set, otherwise the DATA_DIR/files folder, whose signed links the app signs with its secret. */
export function fileStoreFor(config: Config): FileStore {
  if (config.s3) return s3FileStore(config.s3);
  return localFileStore(path.join(config.dataDir, "files"), { linkSecret: resolveAuthSecret(config) });
}
