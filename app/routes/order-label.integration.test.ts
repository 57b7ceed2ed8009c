// A label download end to end, through the routes: the page's signed link, the permission checks of
// labels.server.ts, the redirect to the store's short-lived link, and that link's answer.
import { describe, expect, it, vi } from "vitest";
import { signIn } from "~/modules/accounts/credentials.server";
import { createConfirmedUser } from "~/modules/accounts/provisioning.server";
import { memoryFileStore } from "~/modules/files/memory-file-store.server";
import { LABEL_DOWNLOAD_SECONDS, labelLink } from "~/modules/orders/labels.server";
import { requestContext, type Services } from "~/services.server";
import { connectTestDatabase } from "../../tests/integration/database";
import { adminSessionCookie, cookieFrom, createTestAdmin, visitorHeaders } from "../../tests/support/admin-session";
import { insertOrder, testPassword, uniqueEmail } from "../../tests/support/fixtures";
import { callAdminRoute, callRoute } from "../../tests/support/route";
import { testClock, testServices } from "../../tests/support/services";
import * as orderLabel from "./order-label";
import * as signedFile from "./signed-file";

const appSecret = "integration-test-secret-of-32-characters!";
vi.stubEnv("BETTER_AUTH_SECRET", appSecret);
const db = connectTestDatabase();
const clock = testClock();
// The local folder's kind of links, signed with the app's secret as the /scarica route checks them.
const services: Services = { ...testServices(db, clock), files: memoryFileStore({ linkSecret: appSecret }) };
const origin = "http://localhost";

async function customerCookie(): Promise<{ id: string; cookie: string }> {
  const email = uniqueEmail("cliente");
  const id = await createConfirmedUser(db, { email, password: testPassword, name: "Carla Cliente", role: "customer" });
  const login = await signIn({ email, password: testPassword }, visitorHeaders());
  if (!login.ok) throw new Error("login failed");
  return { id, cookie: cookieFrom(login.headers) };
}

async function shippedOrderWithLabel(userId: string, bytes: string): Promise<string> {
  const labelPath = `label-${crypto.randomUUID()}.pdf`;
  await services.files.put(`labels/${labelPath}`, new TextEncoder().encode(bytes), "application/pdf");
  return insertOrder(db, userId, { status: "shipped", shippingTracking: "GLS1", shippingLabelPath: labelPath });
}

/** What the store's link answers, as the browser sent to it gets it. */
async function open(location: string): Promise<Response> {
  const request = new Request(new URL(location, origin));
  return (await signedFile.loader({ request, context: requestContext(services), params: {} } as never)) as Response;
}

describe("a label download", () => {
  it("sends the order's customer and an admin to a short-lived link of the label, and nobody else", async () => {
    const carla = await customerCookie();
    const other = await customerCookie();
    const adminCookie = await adminSessionCookie(await createTestAdmin(db));
    const orderId = await shippedOrderWithLabel(carla.id, "%PDF-1.4 etichetta di Carla");
    const pageLink = `${origin}${labelLink(orderId, clock.now())}`;
    const asCustomer = (cookie: string, headers: Record<string, string> = {}) =>
      new Request(pageLink, { headers: { cookie, ...headers } });

    const byAdmin = await callAdminRoute(
      orderLabel.loader,
      new Request(pageLink, { headers: { cookie: adminCookie } }),
      services,
      {
        orderId,
      },
    );
    expect(byAdmin.status).toBe(303);
    const byCustomer = await callRoute(orderLabel.loader, asCustomer(carla.cookie), requestContext(services), {
      orderId,
    });
    expect(byCustomer.status).toBe(303);
    expect(byCustomer.headers.get("Cache-Control")).toBe("private, no-store");
    const location = byCustomer.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/scarica\/labels\/label-[\w-]+\.pdf\?scade=\d+&nome=etichetta-\w+\.pdf&firma=/);

    const label = await open(location);
    expect(label.status).toBe(200);
    expect(await label.text()).toBe("%PDF-1.4 etichetta di Carla");
    expect(label.headers.get("Content-Type")).toBe("application/pdf");
    expect(label.headers.get("Content-Disposition")).toBe(`inline; filename="etichetta-${orderId.slice(0, 8)}.pdf"`);
    expect(label.headers.get("Cache-Control")).toBe("private, no-store");
    expect(label.headers.get("X-Content-Type-Options")).toBe("nosniff");

    // The page's download button gets the same link as JSON, to open it itself.
    const asJson = (await orderLabel.loader({
      request: asCustomer(carla.cookie, { Accept: "application/json" }),
      context: requestContext(services),
      params: { orderId },
    } as never)) as Response;
    expect(((await asJson.json()) as { url: string }).url).toMatch(/^\/scarica\/labels\//);

    const byOther = await callRoute(orderLabel.loader, asCustomer(other.cookie), requestContext(services), { orderId });
    expect([byOther.status, byOther.headers.get("Location")]).toEqual([404, null]);
  });

  it("refuses the store's link once expired, forged or moved to another label", async () => {
    const carla = await customerCookie();
    const [first, second] = [
      await shippedOrderWithLabel(carla.id, "%PDF-1.4 prima"),
      await shippedOrderWithLabel(carla.id, "%PDF-1.4 seconda"),
    ];
    const downloadOf = async (orderId: string) =>
      (
        await callRoute(
          orderLabel.loader,
          new Request(`${origin}${labelLink(orderId, clock.now())}`, { headers: { cookie: carla.cookie } }),
          requestContext(services),
          { orderId },
        )
      ).headers.get("Location") ?? "";
    const [location, otherLocation] = [await downloadOf(first), await downloadOf(second)];
    const keyOf = (link: string) => new URL(link, origin).pathname;

    const forged = location.replace(/firma=(.)/, (_, first) => `firma=${first === "A" ? "B" : "A"}`);
    expect(await (await open(forged)).text()).toBe("Link non valido.");
    const moved = location.replace(keyOf(location), keyOf(otherLocation));
    expect((await open(moved)).status).toBe(403);
    expect((await open(location)).status).toBe(200);

    clock.advance((LABEL_DOWNLOAD_SECONDS + 1) * 1000);
    const expired = await open(location);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toBe("Il link è scaduto: torna alla pagina da cui l'hai aperto e riprova.");
  });
});
