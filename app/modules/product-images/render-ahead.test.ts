import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { renditionCacheDir } from "~/modules/files/images.server";
import { localFileStore } from "~/modules/files/local-file-store.server";
import { testImage } from "../../../tests/support/test-images";
import { renderUploadsAhead } from "./product-images.server";

it("renders an upload's AVIF renditions at every storefront width, after the upload has answered", async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "vetrina-render-ahead-"));
  try {
    const filesDir = path.join(dataDir, "files");
    await localFileStore(filesDir).put(
      "products/9/abc.jpg",
      await testImage("jpeg", { width: 1300, height: 900 }),
      "image/jpeg",
    );

    renderUploadsAhead(filesDir, ["products/9/abc.jpg"]);

    const rendered = async () => {
      const cacheDir = renditionCacheDir(filesDir);
      const folders = await readdir(cacheDir).catch(() => [] as string[]);
      const files = await Promise.all(folders.map((folder) => readdir(path.join(cacheDir, folder))));
      return files
        .flat()
        .filter((name) => name.endsWith(".avif"))
        .sort();
    };
    await expect
      .poll(rendered, { timeout: 15_000 })
      .toEqual(["1200.avif", "160.avif", "320.avif", "480.avif", "640.avif", "960.avif"]);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
