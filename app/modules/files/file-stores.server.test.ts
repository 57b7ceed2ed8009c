import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "~/config.server";
import { type LocalS3, startLocalS3 } from "../../../tests/support/local-s3";
import { fileStoreFor } from "./file-stores.server";

describe("fileStoreFor", () => {
  let dataDir: string;
  let s3: LocalS3;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "vetrina-stores-"));
    s3 = await startLocalS3();
  });
  afterAll(async () => {
    await s3.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("keeps the files in DATA_DIR/files when no bucket is set", async () => {
    const store = fileStoreFor(readConfig({ DATA_DIR: dataDir }));
    await store.put("products/1/a.jpg", new Uint8Array([1, 2]), "image/jpeg");

    expect(store.name).toBe("local");
    expect([...(await readFile(path.join(dataDir, "files", "products", "1", "a.jpg")))]).toEqual([1, 2]);
  });

  it("keeps them in the bucket the S3_* variables name", async () => {
    const { bucket, endpoint, credentials } = s3.settings;
    const store = fileStoreFor(
      readConfig({
        DATA_DIR: dataDir,
        S3_BUCKET: bucket,
        S3_ENDPOINT: endpoint,
        S3_ACCESS_KEY_ID: credentials?.accessKeyId,
        S3_SECRET_ACCESS_KEY: credentials?.secretAccessKey,
        S3_FORCE_PATH_STYLE: "true",
      }),
    );
    await store.put("products/2/b.jpg", new Uint8Array([3]), "image/jpeg");

    expect(store.name).toBe("s3");
    expect(await store.list("products/2/")).toEqual(["products/2/b.jpg"]);
    expect(await fileStoreFor(readConfig({ DATA_DIR: dataDir })).exists("products/2/b.jpg")).toBe(false);
  });
});
