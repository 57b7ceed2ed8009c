import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { reviews, users } from "~/db/schema";
import { deletedUserName, deletionMessages } from "~/modules/accounts/personal-data.server";
import { createConfirmedUser } from "~/modules/accounts/provisioning.server";
import { addReview } from "~/modules/catalog/reviews.server";
import { connectTestDatabase } from "../../tests/integration/database";
import { createTestVariant, deleteTestVariants, testPassword, uniqueEmail } from "../../tests/support/fixtures";
import { callRoute, formPost } from "../../tests/support/route";
import { testContext, testServices } from "../../tests/support/services";
import * as auth from "./auth";
import * as profileData from "./profile-data";
import * as profileDelete from "./profile-delete";

// /profile/dati.json and /profile/elimina-account as the browser reaches them, signed in through
// the real login. What the export holds and what the deletion erases: personal-data.integration.test.ts.

vi.stubEnv("BETTER_AUTH_SECRET", "integration-test-secret-of-32-characters!");
const db = connectTestDatabase();
const context = testContext(testServices(db));
const origin = "http://localhost";
let productId: number;

beforeAll(async () => {
  productId = (await createTestVariant(db, { name: "Slip della pagina dati" })).productId;
});
afterAll(() => deleteTestVariants(db));

function login(email: string) {
  return callRoute<{ ok: boolean }>(
    auth.action,
    formPost(`${origin}/auth`, { intent: "login", email, password: testPassword }, { ip: "192.0.2.31" }),
    context,
  );
}

/** A customer with a review, signed in: their id and session cookie. */
async function signedInCustomer(name: string) {
  const email = uniqueEmail("pagina-dati");
  const userId = await createConfirmedUser(db, { email, password: testPassword, name, role: "customer" });
  await addReview(db, { productId, author: name, rating: 4, content: `Recensione di ${name}` }, userId);
  const answer = await login(email);
  return { email, userId, cookie: (answer.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "" };
}

const download = (cookie?: string) => new Request(`${origin}/profile/dati.json`, { headers: cookie ? { cookie } : {} });

describe("GET /profile/dati.json", () => {
  it("sends a guest to the login and the signed-in customer their own data, as a private attachment", async () => {
    const guest = await callRoute(profileData.loader, download(), context);
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toBe("/auth?redirectTo=%2Fprofile%2Fdati.json");

    const carla = await signedInCustomer("Carla");
    await signedInCustomer("Dario");
    const response = (await profileData.loader({
      request: download(carla.cookie),
      url: new URL(`${origin}/profile/dati.json`),
      params: {},
      context,
    } as never)) as Response;
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="vetrina-i-miei-dati-/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const body = await response.text();
    expect(JSON.parse(body)).toMatchObject({
      account: { email: carla.email },
      reviews: [{ author: "Carla", content: "Recensione di Carla" }],
    });
    expect(body).not.toContain("Dario");
  });
});

describe("POST /profile/elimina-account", () => {
  it("refuses a wrong password in Italian; the right one ends the session and every later login", async () => {
    const fiora = await signedInCustomer("Fiora");
    const post = (fields: Record<string, string>, cookie?: string) =>
      callRoute<{ ok: boolean; fieldErrors?: Record<string, string> }>(
        profileDelete.action,
        formPost(`${origin}/profile/elimina-account`, fields, { ip: "192.0.2.32", cookie }),
        context,
      );

    const guest = await post({ password: testPassword });
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toBe("/auth?redirectTo=%2Fprofile%2Felimina-account");

    const wrong = await post({ password: "Sbagliata#2024" }, fiora.cookie);
    expect(wrong.status).toBe(400);
    expect(wrong.data.fieldErrors).toEqual({ password: deletionMessages.wrongPassword });
    expect(await db.select().from(users).where(eq(users.id, fiora.userId))).toHaveLength(1);

    const done = await post({ password: testPassword }, fiora.cookie);
    expect(done.status).toBe(200);
    expect(done.data).toEqual({ ok: true });
    expect(done.headers.get("Set-Cookie")).toMatch(/vetrina\.session_token=;/);
    expect(await db.select().from(users).where(eq(users.id, fiora.userId))).toHaveLength(0);
    const [review] = await db.select().from(reviews).where(eq(reviews.content, "Recensione di Fiora"));
    expect(review?.author).toBe(deletedUserName);

    // The old cookie opens nothing any more, and the password logs in no more.
    expect((await callRoute(profileData.loader, download(fiora.cookie), context)).status).toBe(302);
    const again = await login(fiora.email);
    expect(again.status).toBe(401);
    expect(again.data).toMatchObject({ ok: false, notice: { description: "Email o password non validi" } });
  });

  it("redirects a form posted before hydration home", async () => {
    const gina = await signedInCustomer("Gina");
    const answer = await callRoute(
      profileDelete.action,
      formPost(
        `${origin}/profile/elimina-account`,
        { password: testPassword, redirectTo: "/" },
        { ip: "192.0.2.33", cookie: gina.cookie },
      ),
      context,
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/");
  });

  it("refuses an admin's own account", async () => {
    const email = uniqueEmail("admin-pagina-dati");
    await createConfirmedUser(db, { email, password: testPassword, name: "Ada Admin", role: "admin" });
    // Before the second factor is set up the admin's login gives a session with a customer's rights.
    const cookie = ((await login(email)).headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
    const answer = await callRoute<{ ok: boolean; notice?: { description?: string } }>(
      profileDelete.action,
      formPost(`${origin}/profile/elimina-account`, { password: testPassword }, { ip: "192.0.2.34", cookie }),
      context,
    );
    expect(answer.status).toBe(403);
    expect(answer.data.notice?.description).toBe(deletionMessages.adminRefused);
  });
});
