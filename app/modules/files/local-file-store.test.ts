import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { fileStoreContract } from "./file-store.contract";
import { localFileStore } from "./local-file-store.server";

fileStoreContract("local", async () => {
  const root = await mkdtemp(path.join(tmpdir(), "vetrina-files-"));
  return { store: localFileStore(root), cleanup: () => rm(root, { recursive: true, force: true }) };
});

it("keeps a file where /files serves it: the key's path below the folder", async () => {
  const root = await mkdtemp(path.join(tmpdir(), "vetrina-files-"));
  try {
    await localFileStore(root).put("products/7/ab12.jpg", new Uint8Array([9, 8, 7]), "image/jpeg");
    expect([...(await readFile(path.join(root, "products", "7", "ab12.jpg")))]).toEqual([9, 8, 7]);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
