import { expect, it } from "vitest";
import { RENDITION_CACHE_PREFIX } from "~/modules/files/images.server";
import { memoryFileStore } from "~/modules/files/memory-file-store.server";
import { testImage } from "../../../tests/support/test-images";
import { renderUploadsAhead } from "./product-images.server";

// Six AVIF renders, one at a time: seconds on a busy machine, hence the poll's and the test's longer limits.
it("renders an upload's AVIF renditions at every storefront width, after the upload has answered", {
  timeout: 20_000,
}, async () => {
  const files = memoryFileStore();
  await files.put("products/9/abc.jpg", await testImage("jpeg", { width: 1300, height: 900 }), "image/jpeg");

  renderUploadsAhead(files, ["products/9/abc.jpg"]);

  const rendered = async () =>
    (await files.list(RENDITION_CACHE_PREFIX))
      .map((key) => key.split("/").at(-1) as string)
      .filter((name) => name.endsWith(".avif"))
      .sort();
  await expect
    .poll(rendered, { timeout: 15_000 })
    .toEqual(["1200.avif", "160.avif", "320.avif", "480.avif", "640.avif", "960.avif"]);
});
