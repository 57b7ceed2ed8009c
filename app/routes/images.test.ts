// The /images route (app/routes/images.ts) over this module, on a file store of its own: what a
// browser gets back, including when its client is over the render budget.
import { beforeAll, describe, expect, it } from "vitest";
import { memoryFileStore } from "~/modules/files/memory-file-store.server";
import { IMAGE_WIDTHS } from "~/modules/files/responsive-images";
import { requestContext, type Services } from "~/services.server";
import { loader } from "./images";

const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000" viewBox="0 0 800 1000"><rect width="800" height="1000" fill="#7a2e3b"/></svg>';
const chromiumAccept = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";

const files = memoryFileStore();
// The route reads only the files of its services.
const context = requestContext({ files } as Partial<Services> as Services);

beforeAll(async () => {
  for (const name of ["a.svg", "b.svg", "c.svg", "d.svg"])
    await files.put(`products/2/${name}`, new TextEncoder().encode(svg), "image/svg+xml");
  await files.put("labels/secret.png", new Uint8Array([1]), "image/png");
});

async function get(url: string, headers: Record<string, string> = {}): Promise<Response> {
  const { pathname, search } = new URL(url, "http://localhost");
  const request = new Request(`http://localhost${pathname}${search}`, {
    headers: { "x-client-ip": "192.0.2.1", ...headers },
  });
  return (await loader({
    request,
    params: { "*": decodeURIComponent(pathname.replace(/^\/images\//, "")) },
    context,
  } as never)) as Response;
}

describe("GET /images/…", () => {
  it("answers the format the browser accepts, cacheable, then 304 for the same ETag", async () => {
    const avif = await get("/images/products/2/a.svg?w=320", { accept: chromiumAccept });
    expect(avif.status).toBe(200);
    expect(avif.headers.get("content-type")).toBe("image/avif");
    expect(avif.headers.get("cache-control")).toContain("max-age=2592000");
    expect(avif.headers.get("vary")).toBe("Accept");
    const etag = avif.headers.get("etag") as string;
    const again = await get("/images/products/2/a.svg?w=320", { accept: chromiumAccept, "if-none-match": etag });
    expect(again.status).toBe(304);

    const png = await get("/images/products/2/a.svg?w=320", { accept: "*/*" });
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(png.headers.get("etag")).not.toBe(etag);
  });

  it("refuses unknown widths, and paths outside the public files", async () => {
    expect((await get("/images/products/2/a.svg?w=321")).status).toBe(400);
    expect((await get("/images/products/2/missing.svg?w=320")).status).toBe(404);
    expect((await get("/images/..%2Fsecret.svg?w=320")).status).toBe(404);
    // Private files are no images of the shop, whatever their type.
    expect((await get("/images/labels/secret.png?w=320")).status).toBe(404);
  });

  it("gives a client over its budget a stand-in with a 200, to be asked for again, never an error", async () => {
    const client = { "x-client-ip": "198.51.100.20" };
    // Images nobody asked for yet: b and c, every width, three formats, 36 new renditions.
    const asked = ["b.svg", "c.svg"].flatMap((name) =>
      IMAGE_WIDTHS.flatMap((width) =>
        ["image/avif", "image/webp", "*/*"].map((accept) => ({ url: `/images/products/2/${name}?w=${width}`, accept })),
      ),
    );
    const cacheControls: string[] = [];
    for (const { url, accept } of asked) {
      const response = await get(url, { ...client, accept });
      expect(response.status).toBe(200);
      cacheControls.push(response.headers.get("cache-control") as string);
    }
    // 30 new renditions a minute, then stand-ins that the browser revalidates at every use.
    expect(cacheControls.filter((value) => value.includes("max-age"))).toHaveLength(30);
    expect(cacheControls.slice(30)).toEqual(Array(asked.length - 30).fill("no-cache"));

    const standIn = await get("/images/products/2/c.svg?w=1200", { ...client, accept: "*/*" });
    expect(standIn.headers.get("cache-control")).toBe("no-cache");
    // The original SVG stood in for nothing rendered: it never runs scripts, even opened on its own.
    const original = await get("/images/products/2/d.svg?w=1200", { ...client, accept: "image/webp" });
    expect(original.headers.get("content-type")).toBe("image/svg+xml");
    expect(original.headers.get("content-security-policy")).toContain("sandbox");
    expect(await original.text()).toBe(svg);
    const revalidated = await get("/images/products/2/c.svg?w=1200", {
      ...client,
      accept: "*/*",
      "if-none-match": standIn.headers.get("etag") as string,
    });
    expect(revalidated.status).toBe(304);
    // Another visitor is not held back by this one.
    const other = await get("/images/products/2/c.svg?w=1200", { "x-client-ip": "198.51.100.21", accept: "*/*" });
    expect(other.headers.get("cache-control")).toContain("max-age");
  });
});
