import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileStoreContract } from "./file-store.contract";
import { localFileStore } from "./local-file-store.server";
import { answerSignedFileLink } from "./signed-file-links.server";

const linkSecret = "a-secret-of-the-shop-for-these-tests";

fileStoreContract("local", async () => {
  const root = await mkdtemp(path.join(tmpdir(), "vetrina-files-"));
  const store = localFileStore(root, { linkSecret });
  return {
    store,
    open: (url) => answerSignedFileLink(store, new URL(url, "http://negozio.test"), linkSecret, new Date()),
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
});

describe("the local folder", () => {
  let workDir: string;
  let root: string;
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), "vetrina-files-"));
    root = path.join(workDir, "files");
    await mkdir(path.join(root, "products", "1"), { recursive: true });
    await writeFile(path.join(workDir, "secret.svg"), "<svg/>");
    await writeFile(path.join(root, "products", "1", "notes.txt"), "not an image");
    await symlink(path.join(workDir, "secret.svg"), path.join(root, "products", "1", "outside.svg"));
    await symlink(path.join(root, "products", "1", "notes.txt"), path.join(root, "products", "1", "notes.svg"));
    await symlink(workDir, path.join(root, "escape"));
  });
  afterAll(() => rm(workDir, { recursive: true, force: true }));

  it("keeps a file where its key says: the key's path below the folder", async () => {
    await localFileStore(root, { linkSecret }).put("products/7/ab12.jpg", new Uint8Array([9, 8, 7]), "image/jpeg");
    expect([...(await readFile(path.join(root, "products", "7", "ab12.jpg")))]).toEqual([9, 8, 7]);
  });

  it("never follows a symbolic link, inside the folder or out of it", async () => {
    const store = localFileStore(root, { linkSecret });
    for (const key of ["products/1/outside.svg", "products/1/notes.svg", "escape/secret.svg"]) {
      expect(await store.read(key)).toBeNull();
      expect(await store.stat(key)).toBeNull();
      expect(await store.exists(key)).toBe(false);
    }
    expect(await store.exists("products/1/notes.txt")).toBe(true);
  });
});
