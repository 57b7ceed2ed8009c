import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { coupons, settingChanges, shopSettings } from "~/db/schema";
import { formatEuro } from "~/modules/format/numbers";
import { settingsMessages } from "~/modules/settings/settings";
import { forgetCachedSettings } from "~/modules/settings/settings.server";
import type { SettingsResult } from "~/modules/settings/settings-answer";
import { connectTestDatabase } from "../../../tests/integration/database";
import { adminSessionCookie, createTestAdmin } from "../../../tests/support/admin-session";
import { callAdminRoute } from "../../../tests/support/route";
import { testServices } from "../../../tests/support/services";
import * as settingsPage from "./settings";

vi.stubEnv("BETTER_AUTH_SECRET", "integration-test-secret-of-32-characters!");
const db = connectTestDatabase();
const services = testServices(db);
const origin = "http://localhost";
let adminCookie = "";
let adminEmail = "";

type PageData = Awaited<ReturnType<typeof settingsPage.loader>>;

const page = () =>
  callAdminRoute<PageData>(
    settingsPage.loader,
    new Request(`${origin}/admin/settings`, { headers: { cookie: adminCookie } }),
    services,
  );

const post = (fields: Record<string, string>) =>
  callAdminRoute<SettingsResult>(
    settingsPage.action,
    new Request(`${origin}/admin/settings`, {
      method: "POST",
      headers: { cookie: adminCookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    }),
    services,
  );

async function reset() {
  await db.delete(shopSettings);
  await db.delete(settingChanges);
  forgetCachedSettings();
}

beforeAll(async () => {
  const admin = await createTestAdmin(db);
  adminEmail = admin.email;
  adminCookie = await adminSessionCookie(admin);
  await reset();
});
afterAll(async () => {
  await reset();
  await db.delete(coupons).where(like(coupons.code, "PAGINA%"));
});

describe("/admin/settings", () => {
  it("shows each group's form with today's values, and an empty log", async () => {
    const answer = await page();
    expect(answer.status).toBe(200);
    expect(answer.data.forms.shipping).toEqual({
      feeEuro: "7,90",
      freeShippingEnabled: true,
      freeShippingThresholdEuro: "100,00",
      returnCostEuro: "7,90",
      freeReturnEnabled: true,
      freeReturnThresholdEuro: "100,00",
    });
    expect(answer.data.forms.hours.thursday).toBe("09:00-13:00");
    expect(answer.data.forms.identity.vatNumber).toBe("02987610041");
    expect(answer.data.changes).toEqual([]);
  });

  it("saves a group, and the log tells who changed what from what to what", async () => {
    const saved = await post({
      intent: "shipping",
      feeEuro: "7,90",
      freeShippingThresholdEuro: "100,00",
      returnCostEuro: "7,90",
      freeReturnEnabled: "on",
      freeReturnThresholdEuro: "100,00",
    });
    expect(saved).toMatchObject({
      status: 200,
      data: { ok: true, notice: { title: "Spedizioni e resi: modifiche salvate." } },
    });
    const after = await page();
    expect(after.data.forms.shipping.freeShippingEnabled).toBe(false);
    expect(after.data.changes).toMatchObject([
      {
        who: adminEmail,
        what: "Spedizioni e resi",
        lines: [`Spedizione gratuita da: ${formatEuro(10_000)} → disattivata`],
      },
    ]);
  });

  it("answers 422 with the field's message and what was sent, saving nothing", async () => {
    const answer = await post({
      intent: "discounts",
      firstOrderEnabled: "on",
      firstOrderPercent: "dieci",
      birthdayPercent: "10",
    });
    expect(answer.status).toBe(422);
    expect(answer.data).toMatchObject({
      ok: false,
      intent: "discounts",
      fieldErrors: { firstOrderPercent: settingsMessages.percent },
      values: { firstOrderEnabled: "on", firstOrderPercent: "dieci", birthdayPercent: "10" },
    });
    expect(await db.select().from(shopSettings).where(eq(shopSettings.key, "discounts"))).toEqual([]);
  });

  it("creates, edits and switches off a coupon, listed with its uses", async () => {
    expect(
      (await post({ intent: "coupon-create", code: "pagina10", percentOff: "10", active: "on", maxUses: "5" })).data,
    ).toMatchObject({ ok: true, notice: { title: "Codice sconto PAGINA10 creato." } });
    expect(
      (await post({ intent: "coupon-update", code: "PAGINA10", percentOff: "12", active: "on", maxUses: "5" })).data,
    ).toMatchObject({
      ok: true,
      notice: { title: "Codice sconto PAGINA10 aggiornato." },
    });
    expect((await post({ intent: "coupon-deactivate", code: "PAGINA10" })).data).toMatchObject({
      ok: true,
      notice: { title: "Codice sconto PAGINA10 disattivato." },
    });
    const after = await page();
    expect(after.data.coupons.find((coupon) => coupon.code === "PAGINA10")).toMatchObject({
      percentOff: 12,
      active: false,
      maxUses: 5,
      usedCount: 0,
    });
    expect(after.data.changes.slice(0, 3).map((change) => [change.what, change.lines])).toEqual([
      ["Codice sconto PAGINA10", ["Attivo: sì → no"]],
      ["Codice sconto PAGINA10", ["Sconto (%): 10 → 12"]],
      [
        "Codice sconto PAGINA10: creato",
        ["Sconto (%): 10", "Attivo: sì", "Valido dal: nessuno", "Valido fino al: nessuno", "Utilizzi massimi: 5"],
      ],
    ]);
  });

  it("refuses an unknown intent with a 400", async () => {
    expect(await post({ intent: "drop-table" })).toMatchObject({
      status: 400,
      data: { ok: false, notice: { title: "Errore", description: "Azione non riconosciuta." } },
    });
  });
});
