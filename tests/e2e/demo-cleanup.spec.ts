import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Database } from "../../app/db/client.server";
import * as schema from "../../app/db/schema";
import { orderItems, products } from "../../app/db/schema";
import { createConfirmedUser } from "../../app/modules/accounts/provisioning.server";
import { addDays, romeDay } from "../../app/modules/dates/rome";
import { freePort } from "../../server/free-port";
import { type AppInstance, startAppInstance } from "../resilience/support/app-instance";
import { insertOrder, testPassword, uniqueEmail } from "../support/fixtures";
import { enrolSecondFactor } from "../support/second-factor";
import { fillLogin, fillSecondFactor } from "./support/accounts";
import { skipCookieBannerAndPopup, waitForHydration } from "./support/page";
import { appPort } from "./support/ports";
import { expect, test } from "./support/test";

// 'Inizia con il tuo negozio' empties the shop for good: it runs on a shop of its own (a second app
// on its own data folder and embedded PostgreSQL, with the demo loaded on its first start), so the
// other journeys keep the demo shop they read.

const dataDir = path.join(".e2e-data", `demo-cleanup-${appPort}`);
const authSecret = randomBytes(32).toString("base64");
let app: AppInstance;
let pool: pg.Pool;
let db: Database;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await rm(dataDir, { recursive: true, force: true });
  const databasePort = await freePort();
  app = await startAppInstance({
    dataDir,
    authSecret,
    env: { EMBEDDED_PG_PORT: String(databasePort), PAYMENTS: "sandbox" },
  });
  pool = new pg.Pool({
    host: "127.0.0.1",
    port: databasePort,
    user: "postgres",
    database: "vetrina",
    max: 2,
    password: readFileSync(path.join(dataDir, "pg", "password"), "utf8").trim(),
  });
  db = drizzle(pool, { schema });
});

test.afterAll(async () => {
  await pool?.end();
  await app?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

test.beforeEach(({ page }) => skipCookieBannerAndPopup(page));

test("the owner starts their own shop: the demo goes, a new product and a real order are all there is", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const open = async (pagePath: string) => {
    await page.goto(`${app.url}${pagePath}`);
    await waitForHydration(page);
  };
  const email = uniqueEmail("admin");
  const id = await createConfirmedUser(db, { email, password: testPassword, name: "Olga Titolare", role: "admin" });
  const { secret } = await enrolSecondFactor(db, id, authSecret);
  await open("/auth");
  await fillLogin(page, email, testPassword);
  await fillSecondFactor(page, secret);
  await expect(page.locator('summary[aria-label="Il mio account"]')).toBeVisible();

  // The demo shop, as a newcomer finds it.
  await open("/shop");
  await expect(page.locator('a[href^="/product/"]').first()).toBeVisible();

  await open("/admin/settings");
  await page.getByRole("link", { name: "Inizia con il tuo negozio" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dati dimostrativi");
  // A word other than the confirmation removes nothing.
  await page.getByLabel("Per confermare scrivi INIZIA").fill("sì");
  await page.getByRole("button", { name: "Inizia con il tuo negozio" }).click();
  await expect(page.getByText("Per confermare scrivi INIZIA.")).toBeVisible();
  expect(await db.$count(products)).toBeGreaterThan(100);

  await page.getByLabel("Per confermare scrivi INIZIA").fill("INIZIA");
  await page.getByRole("button", { name: "Inizia con il tuo negozio" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Dati dimostrativi cancellati" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Inizia con il tuo negozio" })).toHaveCount(0);

  // The catalogue, the blog, the sitemap: empty at once.
  await open("/shop");
  await expect(page.locator('a[href^="/product/"]')).toHaveCount(0);
  expect(await (await fetch(`${app.url}/sitemap.xml`)).text()).not.toContain("/product/");
  await open("/admin/settings");
  await expect(page.getByRole("link", { name: "Inizia con il tuo negozio" })).toHaveCount(0);

  // The owner's first product, through the admin's form.
  await open("/admin/products/nuovo");
  await page.getByLabel("Nome").fill("Sciarpa della casa");
  await page.getByLabel("SKU", { exact: true }).fill("CASA-SCIARPA-1");
  await page.getByLabel("Genere").selectOption("Donna");
  await page.getByLabel("Sottocategoria").selectOption("calze");
  await page.getByLabel("Marca").fill("Vetrina");
  await page.getByLabel("Prezzo di vendita (€)").fill("25,00");
  const variant = page.getByRole("listitem", { name: "Variante 1" });
  await variant.getByLabel("Colore", { exact: true }).fill("Rosso");
  await variant.getByLabel("Codice colore").fill("#a01010");
  await variant.getByLabel("Taglia").fill("Unica");
  await variant.getByLabel("Giacenza").fill("5");
  await page.getByRole("button", { name: "Crea prodotto" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Prodotto creato." })).toBeVisible();
  await open("/shop");
  await expect(page.locator('a[href^="/product/"]').filter({ hasText: "Sciarpa della casa" }).first()).toBeVisible();

  // A customer's order of it, paid today: the statistics hold it alone.
  const [product] = await db.select({ id: products.id }).from(products);
  const orderId = await insertOrder(db, null, { subtotalCents: 2500, shippingCostCents: 790, totalCents: 3290 });
  await db.delete(orderItems);
  await db.insert(orderItems).values({
    orderId,
    productId: product?.id,
    productName: "Sciarpa della casa",
    size: "Unica",
    color: "Rosso",
    quantity: 1,
    unitPriceCents: 2500,
  });
  const today = romeDay(new Date());
  // Since before the demo orders' sixty days.
  await open(`/admin/analytics?dal=${addDays(today, -90)}&al=${today}&raggruppa=settimana`);
  const figure = (label: string) =>
    page
      .locator("dl > div")
      .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
      .getByRole("definition");
  await expect(figure("Ordini").first()).toHaveText("1");
  await expect(figure("Ricavi").first()).toHaveText("32,90 €");
  const byUnits = page.getByRole("region", { name: "Più venduti per pezzi" });
  await expect(byUnits.getByRole("row", { name: /Sciarpa della casa/ })).toContainText("1");
});
