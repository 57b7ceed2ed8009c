import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { productImages } from "~/db/schema";
import { getProductDetails } from "~/modules/catalog/product-details.server";
import { RENDITION_CACHE_PREFIX } from "~/modules/files/images.server";
import type { MemoryFileStore } from "~/modules/files/memory-file-store.server";
import type { ProductImagesResult } from "~/modules/product-images/images-answer";
import { connectTestDatabase } from "../../../tests/integration/database";
import { adminSessionCookie, createTestAdmin } from "../../../tests/support/admin-session";
import { createTestVariant, deleteTestVariants } from "../../../tests/support/fixtures";
import { callAdminRoute, formPost } from "../../../tests/support/route";
import { testServices } from "../../../tests/support/services";
import {
  fiftyMegapixelPng,
  htmlPage,
  svgWithScript,
  type TestImageType,
  testImage,
} from "../../../tests/support/test-images";
import * as page from "./product-images";

// The product images page behind the admin area's guard: uploads of real files of each accepted type
// and of hostile ones, reorder, alternative text, colour and delete, with what the database, the file
// store and the storefront's product page then hold.

vi.stubEnv("BETTER_AUTH_SECRET", "integration-test-secret-of-32-characters!");
vi.stubEnv("PUBLIC_URL", "http://negozio.test");
const db = connectTestDatabase();
const services = testServices(db);
const files = services.files as MemoryFileStore;
// The stored images, without the renditions rendered ahead of earlier uploads, which land meanwhile.
const imageKeys = () => files.keys().filter((key) => !key.startsWith(RENDITION_CACHE_PREFIX));
const ip = "198.51.100.82";
let cookie: string;
beforeAll(async () => {
  cookie = await adminSessionCookie(await createTestAdmin(db));
});
afterAll(() => deleteTestVariants(db));

type Answer = ProductImagesResult;

function upload(productId: number, uploads: { name: string; bytes: Uint8Array; type?: string }[], fields = {}) {
  const form = new FormData();
  form.set("intent", "upload");
  for (const [name, value] of Object.entries(fields)) form.set(name, String(value));
  for (const file of uploads)
    form.append("images", new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? "image/png" }));
  const request = new Request(`http://localhost/admin/products/${productId}/immagini`, {
    method: "POST",
    headers: { cookie, "x-client-ip": ip },
    body: form,
  });
  return callAdminRoute<Answer>(page.action, request, services, { productId: String(productId) });
}

const post = (productId: number, fields: Record<string, string>) =>
  callAdminRoute<Answer>(
    page.action,
    formPost(`http://localhost/admin/products/${productId}/immagini`, fields, { ip, cookie }),
    services,
    { productId: String(productId) },
  );

const imagesOf = (productId: number) =>
  db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id));

const keyOf = (path: string) => path.replace(/^\/files\//, "");

describe("uploading product images", () => {
  it("stores a real JPEG, PNG, WebP and AVIF as clean JPEGs, after the product's images, and the product page shows them", async () => {
    const { productId } = await createTestVariant(db, { name: "Slip a costine" });
    const uploads = await Promise.all(
      (["jpeg", "png", "webp", "avif"] as TestImageType[]).map(async (type) => ({
        name: `foto.${type}`,
        bytes: await testImage(type),
      })),
    );

    const answer = await upload(productId, uploads, { colorName: "Nero", alt: "" });

    expect(answer).toMatchObject({
      status: 200,
      data: { ok: true, notice: { title: "Successo", description: "4 immagini caricate." } },
    });
    const rows = await imagesOf(productId);
    expect(rows.map((row) => [row.position, row.colorName, row.alt])).toEqual([
      [0, "Nero", "Slip a costine, colore Nero"],
      [1, "Nero", "Slip a costine, colore Nero"],
      [2, "Nero", "Slip a costine, colore Nero"],
      [3, "Nero", "Slip a costine, colore Nero"],
    ]);
    for (const row of rows) {
      expect(row.path).toMatch(new RegExp(`^/files/products/${productId}/[0-9a-f]{16}\\.jpg$`));
      const stored = files.entry(keyOf(row.path));
      expect(stored?.contentType).toBe("image/jpeg");
      expect((await sharp(stored?.bytes).metadata()).format).toBe("jpeg");
    }
    const details = await getProductDetails(db, productId);
    expect(details?.images.map((image) => image.path)).toEqual(rows.map((row) => row.path));

    const more = await upload(productId, [{ name: "retro.png", bytes: await testImage("png") }], { alt: "Il retro" });
    expect(more.data.notice?.description).toBe("Immagine caricata.");
    expect((await imagesOf(productId)).at(-1)).toMatchObject({ position: 4, colorName: null, alt: "Il retro" });
  });

  it("refuses the whole upload when one file is hostile, naming each, and stores nothing", async () => {
    const { productId } = await createTestVariant(db);
    const keysBefore = imageKeys().length;

    const answer = await upload(productId, [
      { name: "buona.jpg", bytes: await testImage("jpeg") },
      { name: "logo.svg", bytes: svgWithScript, type: "image/svg+xml" },
      { name: "x.png", bytes: htmlPage },
      { name: "enorme.png", bytes: await fiftyMegapixelPng() },
    ]);

    expect(answer).toEqual({
      status: 422,
      headers: expect.any(Headers),
      data: {
        intent: "upload",
        ok: false,
        notice: { title: "Errore", description: "Nessuna immagine caricata: correggi i file indicati e riprova." },
        data: {
          problems: [
            "Il file «logo.svg» non è un'immagine JPEG, PNG, WebP o AVIF.",
            "Il file «x.png» non è un'immagine JPEG, PNG, WebP o AVIF.",
            "L'immagine «enorme.png» è di 10000×5000 pixel (50 megapixel): il massimo è 40 megapixel.",
          ],
        },
      },
    });
    expect(await imagesOf(productId)).toEqual([]);
    expect(imageKeys().length).toBe(keysBefore);
  });

  it("words every other refusal", async () => {
    const { productId } = await createTestVariant(db);
    const jpeg = await testImage("jpeg");

    expect((await upload(productId, [])).data.notice?.description).toBe("Scegli almeno un'immagine da caricare.");
    // An empty file field posts one nameless, empty file: the same as none.
    expect((await upload(productId, [{ name: "", bytes: new Uint8Array() }])).data.notice?.description).toBe(
      "Scegli almeno un'immagine da caricare.",
    );
    const many = Array.from({ length: 21 }, (_, index) => ({ name: `${index}.jpg`, bytes: jpeg }));
    expect((await upload(productId, many)).data.notice?.description).toBe(
      "Puoi caricare al massimo 20 immagini alla volta.",
    );
    const heavy = new Uint8Array(13 * 1024 * 1024);
    expect(
      (
        await upload(
          productId,
          [heavy, heavy].map((bytes, index) => ({ name: `${index}.jpg`, bytes })),
        )
      ).data.notice?.description,
    ).toBe("Le immagini scelte superano insieme 25 MB: caricale in più volte.");
    expect(
      (await upload(productId, [{ name: "a.jpg", bytes: jpeg }], { colorName: "Fucsia" })).data.notice?.description,
    ).toBe("Scegli uno dei colori del prodotto, o «Tutti i colori».");
    expect(
      (await upload(productId, [{ name: "a.jpg", bytes: jpeg }], { alt: "x".repeat(201) })).data.notice?.description,
    ).toBe("Il testo alternativo può avere al massimo 200 caratteri.");
    expect(await imagesOf(productId)).toEqual([]);
  });

  it("answers 404 for a product that does not exist", async () => {
    const answer = await upload(2_000_000_000, [{ name: "a.jpg", bytes: await testImage("jpeg") }]);
    expect(answer).toMatchObject({
      status: 404,
      data: { ok: false, notice: { description: "Prodotto non trovato." } },
    });
    const loaded = await callAdminRoute(
      page.loader,
      new Request("http://localhost/admin/products/abc/immagini", { headers: { cookie, "x-client-ip": ip } }),
      services,
      { productId: "abc" },
    );
    expect(loaded).toMatchObject({ status: 404, data: { product: null } });
  });
});

describe("managing a product's images", () => {
  async function productWithImages(count: number) {
    const { productId } = await createTestVariant(db, { name: "Pigiama a righe" });
    const uploads = await Promise.all(
      Array.from({ length: count }, async (_, index) => ({ name: `${index}.png`, bytes: await testImage("png") })),
    );
    await upload(productId, uploads);
    return { productId, ids: (await imagesOf(productId)).map((row) => row.id) };
  }

  it("lists them in the loader with the product's colours", async () => {
    const { productId, ids } = await productWithImages(2);
    const loaded = await callAdminRoute<{ product: { name: string; colors: string[]; images: { id: number }[] } }>(
      page.loader,
      new Request(`http://localhost/admin/products/${productId}/immagini`, { headers: { cookie, "x-client-ip": ip } }),
      services,
      { productId: String(productId) },
    );
    expect(loaded.data.product).toMatchObject({ name: "Pigiama a righe", colors: ["Nero"] });
    expect(loaded.data.product.images.map((image) => image.id)).toEqual(ids);
  });

  it("moves an image up and down, and the storefront follows the new order", async () => {
    const { productId, ids } = await productWithImages(3);
    const [first, second, third] = ids as [number, number, number];

    expect((await post(productId, { intent: "move-up", imageId: String(third) })).data).toMatchObject({
      ok: true,
      notice: { description: "Ordine delle immagini aggiornato." },
    });
    expect((await imagesOf(productId)).map((row) => row.id)).toEqual([first, third, second]);
    await post(productId, { intent: "move-down", imageId: String(first) });
    expect((await imagesOf(productId)).map((row) => [row.id, row.position])).toEqual([
      [third, 0],
      [first, 1],
      [second, 2],
    ]);
    // Already first: nothing moves.
    await post(productId, { intent: "move-up", imageId: String(third) });
    expect((await imagesOf(productId)).map((row) => row.id)).toEqual([third, first, second]);
    const details = await getProductDetails(db, productId);
    const paths = new Map((await imagesOf(productId)).map((row) => [row.id, row.path]));
    expect(details?.images.map((image) => image.path)).toEqual([third, first, second].map((id) => paths.get(id)));
  });

  it("saves the alternative text and the colour, and refuses an empty text or a colour the product lacks", async () => {
    const { productId, ids } = await productWithImages(1);
    const imageId = String(ids[0]);

    const saved = await post(productId, {
      intent: "save",
      imageId,
      alt: "  Pigiama nero, davanti ",
      colorName: "Nero",
    });
    expect(saved.data).toMatchObject({ ok: true, notice: { description: "Immagine aggiornata." } });
    expect(await imagesOf(productId)).toMatchObject([{ alt: "Pigiama nero, davanti", colorName: "Nero" }]);

    const refusals = [
      [{ alt: " ", colorName: "" }, "Scrivi il testo alternativo: descrive l'immagine a chi non può vederla."],
      [{ alt: "x".repeat(201), colorName: "" }, "Il testo alternativo può avere al massimo 200 caratteri."],
      [{ alt: "Pigiama", colorName: "Fucsia" }, "Scegli uno dei colori del prodotto, o «Tutti i colori»."],
    ] as const;
    for (const [fields, message] of refusals) {
      const answer = await post(productId, { intent: "save", imageId, ...fields });
      expect(answer).toMatchObject({ status: 422, data: { ok: false, notice: { description: message } } });
    }
    await post(productId, { intent: "save", imageId, alt: "Per tutti", colorName: "" });
    expect(await imagesOf(productId)).toMatchObject([{ alt: "Per tutti", colorName: null }]);
  });

  it("deletes an image with its file, and only the product's own", async () => {
    const { productId, ids } = await productWithImages(2);
    const other = await productWithImages(1);
    const [row] = await imagesOf(productId);
    const key = keyOf(row?.path ?? "");
    expect(await files.exists(key)).toBe(true);

    // Another product's image through this product's page: not found, and kept.
    const foreign = await post(productId, { intent: "delete", imageId: String(other.ids[0]) });
    expect(foreign).toMatchObject({
      status: 422,
      data: { notice: { description: "Immagine non trovata: forse è già stata eliminata." } },
    });
    expect(await imagesOf(other.productId)).toHaveLength(1);

    expect((await post(productId, { intent: "delete", imageId: String(ids[0]) })).data).toMatchObject({
      ok: true,
      notice: { description: "Immagine eliminata." },
    });
    expect((await imagesOf(productId)).map((image) => image.id)).toEqual([ids[1]]);
    expect(await files.exists(key)).toBe(false);
    expect((await post(productId, { intent: "delete", imageId: String(ids[0]) })).data.notice?.description).toBe(
      "Immagine non trovata: forse è già stata eliminata.",
    );
  });

  it("refuses an unknown intent and an image id that is not one", async () => {
    const { productId } = await productWithImages(0);
    expect(await post(productId, { intent: "rotate" })).toMatchObject({
      status: 400,
      data: { ok: false, notice: { description: "Azione non riconosciuta." } },
    });
    for (const imageId of ["", "abc", "99999999999", "-1"]) {
      expect((await post(productId, { intent: "delete", imageId })).data.notice?.description).toBe(
        "Immagine non trovata: forse è già stata eliminata.",
      );
    }
  });
});
