// What every file store must do for the shop, as one suite of tests that runs against each
// (local-file-store.test.ts, memory-file-store.test.ts, s3-file-store.test.ts against a local S3
// server): the shop may then rely on these behaviours whichever store is configured.
import { createHash, randomBytes } from "node:crypto";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FileKeyError, type FileStore } from "./file-store";

export type FileStoreHarness = {
  store: FileStore;
  /** Follows a signed link as a browser would: the bucket's answer, or the app's (app/routes/signed-file.ts). */
  open(url: string): Promise<Response>;
  cleanup(): Promise<void>;
};

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

    it("stores a stream larger than a bucket's upload part, and streams it back", { timeout: 30_000 }, async () => {
      const key = freshKey();
      const chunks = Array.from({ length: 9 }, () => new Uint8Array(randomBytes(1024 * 1024)));
      async function* source() {
        yield* chunks;
      }

      await store.putStream(key, source(), "application/octet-stream");

      const stream = await store.readStream(key);
      expect(stream).not.toBeNull();
      // Compared by digest: a deep comparison of megabytes is slower than the store.
      const digest = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
      expect(digest(await buffer(stream as AsyncIterable<Uint8Array>))).toBe(digest(Buffer.concat(chunks)));
      expect(await store.readStream(freshKey())).toBeNull();
      // An empty stream makes an empty file.
      await store.putStream(key, (async function* () {})(), "application/octet-stream");
      expect(await store.stat(key)).toMatchObject({ size: 0 });
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
      expect(await store.listNames(`${folder}/`)).toEqual(["a.jpg", "b"]);
      expect(await store.listNames(`${folder}/b/`)).toEqual(["2.jpg"]);
      expect(await store.listNames(`${folder}-none/`)).toEqual([]);
      // A folder whose files are all deleted is gone.
      await store.delete(`${folder}/b/2.jpg`);
      expect(await store.listNames(`${folder}/`)).toEqual(["a.jpg"]);
    });

    it("tells a file's size and last change, and nothing of a missing one", async () => {
      const key = freshKey();
      const before = Date.now();
      await store.put(key, new Uint8Array(300), "image/jpeg");

      const stat = await store.stat(key);
      expect(stat?.size).toBe(300);
      // Whole seconds in a bucket: allow the second the file was written in.
      expect(stat?.modifiedAt.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
      expect(await store.stat(freshKey())).toBeNull();
    });

    describe("signed links", () => {
      const privateKey = () => `labels/${randomBytes(6).toString("hex")}.pdf`;

      it("download the file, under the name given, never to be cached", async () => {
        const key = privateKey();
        const bytes = new Uint8Array(randomBytes(512));
        await store.put(key, bytes, "application/pdf");

        const answer = await harness.open(
          await store.signedUrl(key, { expiresInSeconds: 300, downloadName: "etichetta-A1B2C3.pdf" }),
        );

        expect(answer.status).toBe(200);
        expect(Buffer.from(await answer.arrayBuffer())).toEqual(Buffer.from(bytes));
        expect(answer.headers.get("Content-Type")).toBe("application/pdf");
        expect(answer.headers.get("Content-Disposition")).toBe('inline; filename="etichetta-A1B2C3.pdf"');
        expect(answer.headers.get("Cache-Control")).toContain("no-store");
      });

      it("stop working when their time is over", async () => {
        const key = privateKey();
        await store.put(key, new Uint8Array([1]), "application/pdf");
        const twoMinutesAgo = new Date(Date.now() - 120_000);

        const answer = await harness.open(await store.signedUrl(key, { expiresInSeconds: 60, now: twoMinutesAgo }));

        expect(answer.status).toBe(403);
      });

      it("refuse a forged signature and a link moved to another file", async () => {
        const [key, other] = [privateKey(), privateKey()];
        await store.put(key, new Uint8Array([1]), "application/pdf");
        await store.put(other, new Uint8Array([2]), "application/pdf");
        const url = await store.signedUrl(key, { expiresInSeconds: 300 });
        const signature = /(?<=[?&](?:firma|X-Amz-Signature)=)[^&]+/.exec(url)?.[0] ?? "";
        const forged = url.replace(signature, `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`);

        expect((await harness.open(forged)).status).toBe(403);
        expect((await harness.open(url.replace(key, other))).status).toBe(403);
        expect((await harness.open(url)).status).toBe(200);
      });

      it("refuse a download name that could break the header", async () => {
        const key = privateKey();
        await expect(store.signedUrl(key, { expiresInSeconds: 60, downloadName: 'a"; x=.pdf' })).rejects.toThrow();
        await expect(store.signedUrl("../etc/passwd", { expiresInSeconds: 60 })).rejects.toBeInstanceOf(FileKeyError);
      });
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
      await expect(store.stat(key)).rejects.toBeInstanceOf(FileKeyError);
    });
  });
}
