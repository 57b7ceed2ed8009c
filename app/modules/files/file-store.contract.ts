// What every file store must do for the shop, as one suite of tests that runs against each
// (local-file-store.integration.test.ts, memory-file-store.test.ts): the upload code may then rely
// on these behaviours whichever store is configured.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FileKeyError, type FileStore } from "./file-store";

export type FileStoreHarness = { store: FileStore; cleanup(): Promise<void> };

export function fileStoreContract(name: string, setup: () => Promise<FileStoreHarness>): void {
  describe(`the ${name} file store`, () => {
    let harness: FileStoreHarness;
    let store: FileStore;
    beforeAll(async () => {
      harness = await setup();
      store = harness.store;
    });
    afterAll(() => harness.cleanup());

    const freshKey = () => `contract/${randomBytes(6).toString("hex")}/image.jpg`;

    it("gives back the bytes it was given, under nested keys", async () => {
      const key = freshKey();
      const bytes = new Uint8Array(randomBytes(2048));

      await store.put(key, bytes, "image/jpeg");

      expect(await store.exists(key)).toBe(true);
      expect(Buffer.from((await store.read(key)) ?? [])).toEqual(Buffer.from(bytes));
    });

    it("replaces a file put again at the same key", async () => {
      const key = freshKey();
      await store.put(key, new Uint8Array([1, 2, 3]), "image/jpeg");
      await store.put(key, new Uint8Array([4, 5]), "image/jpeg");

      expect([...((await store.read(key)) ?? [])]).toEqual([4, 5]);
    });

    it("knows nothing of a key never put, and deletes it without complaint", async () => {
      const key = freshKey();

      expect(await store.exists(key)).toBe(false);
      expect(await store.read(key)).toBeNull();
      await expect(store.delete(key)).resolves.toBeUndefined();
    });

    it("forgets a deleted file", async () => {
      const key = freshKey();
      await store.put(key, new Uint8Array([1]), "image/jpeg");

      await store.delete(key);

      expect(await store.exists(key)).toBe(false);
      expect(await store.read(key)).toBeNull();
    });

    it("lists the keys below a prefix, sorted, and none of a deleted file", async () => {
      const folder = `contract/${randomBytes(6).toString("hex")}`;
      await store.put(`${folder}/b/2.jpg`, new Uint8Array([2]), "image/jpeg");
      await store.put(`${folder}/a.jpg`, new Uint8Array([1]), "image/jpeg");
      await store.put(`${folder}/b/3.jpg`, new Uint8Array([3]), "image/jpeg");
      await store.delete(`${folder}/b/3.jpg`);

      expect(await store.list(`${folder}/`)).toEqual([`${folder}/a.jpg`, `${folder}/b/2.jpg`]);
      expect(await store.list(`${folder}/b/`)).toEqual([`${folder}/b/2.jpg`]);
      expect(await store.list(`${folder}-none/`)).toEqual([]);
    });

    it.each([
      "../outside.jpg",
      "products/../../etc/passwd",
      "/etc/passwd",
      "products//a.jpg",
      ".hidden",
      "products\\..\\a.jpg",
      "products/a.jpg\0.png",
      "",
    ])("refuses the key %j for every operation", async (key) => {
      await expect(store.put(key, new Uint8Array([1]), "image/jpeg")).rejects.toBeInstanceOf(FileKeyError);
      await expect(store.read(key)).rejects.toBeInstanceOf(FileKeyError);
      await expect(store.exists(key)).rejects.toBeInstanceOf(FileKeyError);
      await expect(store.delete(key)).rejects.toBeInstanceOf(FileKeyError);
    });
  });
}
