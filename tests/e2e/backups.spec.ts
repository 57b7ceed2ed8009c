import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { shopSettings } from "../../app/db/schema";
import { createUser, logIn } from "./support/accounts";
import { e2eDatabase } from "./support/database";
import { expectToast, openHydrated, skipCookieBannerAndPopup } from "./support/page";
import { expect, test } from "./support/test";

// Staff choose where the nightly backup goes and how many are kept, and see the backups already in
// that folder. The folder is the test's own; the setting is removed at the end, whatever happens.

let folder: string;

test.beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), "vetrina-e2e-backups-"));
  // A finished backup (its manifest counts 1.5 MB of parts) and the remains of an interrupted one.
  const finished = path.join(folder, "vetrina-20261125-020000");
  await mkdir(finished, { recursive: true });
  const part = { columns: [], rows: 0, sha256: "" };
  await writeFile(
    path.join(finished, "manifest.json"),
    JSON.stringify({
      format: "vetrina-backup",
      version: 1,
      createdAt: "2026-11-25T02:00:00.000Z",
      postgresVersion: "18",
      migrations: [],
      tables: [{ name: "orders", bytes: 1_200_000, ...part }],
      sequences: [],
      files: [{ key: "products/1.jpg", contentType: "image/jpeg", bytes: 300_000, sha256: "" }],
    }),
  );
  await mkdir(path.join(folder, "vetrina-20261126-020000", "database"), { recursive: true });
  await writeFile(path.join(folder, "vetrina-20261126-020000", "database", "orders.copy"), "");
});

test.afterAll(async () => {
  await e2eDatabase().delete(shopSettings).where(eq(shopSettings.key, "backups"));
  await rm(folder, { recursive: true, force: true });
});

test.beforeEach(({ page }) => skipCookieBannerAndPopup(page));

test("staff set the nightly backup's folder and see the backups in it", async ({ page }) => {
  await logIn(page, await createUser("admin", "Ada Admin"));
  await openHydrated(page, "/admin/settings");
  await page.getByRole("link", { name: "Backup notturno" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Backup");
  await expect(page.getByText("Il backup notturno è spento")).toBeVisible();
  const section = page.getByRole("region", { name: "Backup notturno" });

  // A folder that is not a full path: the message beside the field, nothing saved.
  await section.getByLabel("Cartella dei backup").fill("backups");
  await section.getByRole("button", { name: "Salva" }).click();
  await expect(
    section.getByText("Scrivi il percorso completo di una cartella del server", { exact: false }),
  ).toBeVisible();
  await expect(section.getByLabel("Cartella dei backup")).toHaveAttribute("aria-invalid", "true");

  await section.getByLabel("Cartella dei backup").fill(folder);
  await section.getByLabel("Backup da tenere").fill("14");
  await section.getByRole("button", { name: "Salva" }).click();
  await expectToast(page, "Backup notturno: modifiche salvate.");

  const list = page.getByRole("region", { name: "Ultimi backup" });
  const rows = list.getByRole("row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toHaveText(/vetrina-20261126-020000\s*incompleto \(interrotto\)\s*—/);
  await expect(rows.nth(2)).toHaveText(/vetrina-20261125-020000\s*25\/11\/2026, 03:00\s*1,5 MB/);
  await expect(section.getByLabel("Backup da tenere")).toHaveValue("14");
});
