import { beforeAll, describe, expect, it, vi } from "vitest";
import { connectTestDatabase } from "../../../tests/integration/database";
import { adminSessionCookie, createTestAdmin } from "../../../tests/support/admin-session";
import { insertOrder } from "../../../tests/support/fixtures";
import { adminContextFor, callAdminRoute } from "../../../tests/support/route";
import { testServices } from "../../../tests/support/services";
import * as analyticsPage from "./analytics";
import * as analyticsExport from "./analytics-export";

vi.stubEnv("BETTER_AUTH_SECRET", "integration-test-secret-of-32-characters!");
const db = connectTestDatabase();
const services = testServices(db);
const origin = "http://localhost";
let adminCookie = "";

const asAdmin = (path: string) => new Request(`${origin}${path}`, { headers: { cookie: adminCookie } });

// January 1979: no other test places orders then.
beforeAll(async () => {
  adminCookie = await adminSessionCookie(await createTestAdmin(db));
  await insertOrder(db, null, { createdAt: new Date("1979-01-03T10:00:00Z"), totalCents: 5790 });
  // 00:30 on 9 January in Rome, still 8 January in UTC.
  await insertOrder(db, null, {
    createdAt: new Date("1979-01-08T23:30:00Z"),
    totalCents: 1210,
    deliveryMethod: "pickup",
  });
  await insertOrder(db, null, {
    createdAt: new Date("1979-01-05T10:00:00Z"),
    paymentStatus: "failed",
    status: "payment_failed",
  });
});

type PageData = Awaited<ReturnType<typeof analyticsPage.loader>>;

describe("/admin/analytics", () => {
  it("shows the period of the address", async () => {
    const answer = await callAdminRoute<PageData>(
      analyticsPage.loader,
      asAdmin("/admin/analytics?dal=1979-01-01&al=1979-01-14&raggruppa=settimana"),
      services,
    );
    expect(answer.data.errors).toEqual([]);
    expect(answer.data.stats.totals).toMatchObject({ orders: 2, revenueCents: 7000, averageOrderCents: 3500 });
    expect(answer.data.stats.series).toEqual([
      { start: "1979-01-01", orders: 1, revenueCents: 5790 },
      { start: "1979-01-08", orders: 1, revenueCents: 1210 },
    ]);
  });

  it("names the values it does not understand", async () => {
    const answer = await callAdminRoute<PageData>(
      analyticsPage.loader,
      asAdmin("/admin/analytics?raggruppa=anno"),
      services,
    );
    expect(answer.status).toBe(200);
    expect(answer.data.errors).toEqual(["Raggruppamento non valido: «anno»."]);
  });

  it("is for staff only", async () => {
    const answer = await callAdminRoute(analyticsPage.loader, new Request(`${origin}/admin/analytics`), services);
    expect(answer.status).toBe(302);
  });
});

describe("/admin/analytics/export.csv", () => {
  it("gives the chart's figures as a file", async () => {
    const request = asAdmin("/admin/analytics/export.csv?dal=1979-01-01&al=1979-01-31&raggruppa=mese");
    const context = await adminContextFor(request, services);
    const response = (await analyticsExport.loader({ request, context } as never)) as Response;
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    // The byte order mark stays: Excel needs it to read UTF-8.
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer())).toBe(
      "\uFEFFInizio periodo;Ordini;Ricavi (€)\r\n1979-01-01;2;70,00\r\n",
    );
  });

  it("refuses a period it does not understand", async () => {
    const request = asAdmin("/admin/analytics/export.csv?dal=ieri");
    const answer = await callAdminRoute(analyticsExport.loader, request, services);
    expect(answer.status).toBe(400);
  });
});
