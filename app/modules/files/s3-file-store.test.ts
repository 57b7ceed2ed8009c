// The bucket adapter through the real AWS SDK against a local S3-compatible server (s3rver), started
// by the test: nothing reaches the network.
import { startLocalS3 } from "../../../tests/support/local-s3";
import { fileStoreContract } from "./file-store.contract";
import { s3FileStore } from "./s3-file-store.server";

fileStoreContract("S3", async () => {
  const s3 = await startLocalS3();
  return { store: s3FileStore(s3.settings), open: (url) => fetch(url), cleanup: () => s3.stop() };
});
