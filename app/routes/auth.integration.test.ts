import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { outgoingEmails, users } from "~/db/schema";
import { createConfirmedUser } from "~/modules/accounts/provisioning.server";
import { tooManyRequestsMessage } from "~/modules/security/rate-limit.server";
import { connectTestDatabase } from "../../tests/integration/database";
import { testPassword as password, profileRow, registrationForm, uniqueEmail } from "../../tests/support/fixtures";
import { callRoute, formPost } from "../../tests/support/route";
import { testContext, testServices } from "../../tests/support/services";
import { action, loader } from "./auth";

// The /auth action as the browser reaches it: validation, rate limits, answers. The IP comes in
// x-client-ip, as server/http.ts sets it.

vi.stubEnv("BETTER_AUTH_SECRET", "integration-test-secret-of-32-characters!");
const db = connectTestDatabase();
const registration = (email: string) => ({ intent: "register", ...registrationForm(email) });

const context = testContext(testServices(db));

async function post(fields: Record<string, string>, ip = "198.51.100.1", cookie?: string) {
  return callRoute(action, formPost("http://localhost/auth", fields, { ip, cookie }), context);
}

const customer = async () => {
  const email = uniqueEmail();
  await createConfirmedUser(db, { email, password, name: "Anna Neri", role: "customer" });
  return email;
};

describe("login", () => {
  it("answers with the session cookie, or redirects a form posted before hydration", async () => {
    const email = await customer();
    const enhanced = await post({ intent: "login", email, password });
    expect(enhanced.status).toBe(200);
    expect(enhanced.data).toEqual({ intent: "login", ok: true });
    expect(enhanced.headers.get("Set-Cookie")).toMatch(/vetrina\.session_token=/);

    const native = await post({ intent: "login", email, password, redirectTo: "/orders" });
    expect(native.status).toBe(302);
    expect(native.headers.get("Location")).toBe("/orders");
    expect(native.headers.get("Set-Cookie")).toMatch(/vetrina\.session_token=/);

    // "//evil.example", and forms that become it once their dot segments are resolved (as decoded
    // from ?redirectTo=/.%2F%2Fevil.example and the like).
    for (const redirectTo of ["//evil.example", "/..//evil.example", "/.//evil.example", "/%2e%2e//evil.example"]) {
      const offsite = await post({ intent: "login", email, password, redirectTo });
      expect(offsite.headers.get("Location"), redirectTo).toBe("/");
    }
    // As decoded from ?redirectTo=/%09/evil.example: a browser would drop the tab and leave the site.
    for (const redirectTo of ["/\t/evil.example", "/\n/evil.example", "/\u000b/evil.example"]) {
      const answer = await post({ intent: "login", email, password, redirectTo });
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe("/");
    }
  });

  it("checks the fields on the server with the spec's messages", async () => {
    expect((await post({ intent: "login", email: "nope", password: "" })).data).toEqual({
      intent: "login",
      ok: false,
      fieldErrors: { email: "Email non valida", password: "La password è richiesta" },
    });
  });

  it("slows down one IP hammering one account, without locking out its owner elsewhere", async () => {
    const email = await customer();
    const attacker = "203.0.113.66";
    for (let attempt = 1; attempt <= 10; attempt++) {
      const answer = await post({ intent: "login", email, password: `Sbagliata#${attempt}` }, attacker);
      expect(answer.status).toBe(401);
      expect(answer.data.notice).toEqual({ title: "Errore di login", description: "Email o password non validi" });
    }
    const blocked = await post({ intent: "login", email, password }, attacker);
    expect(blocked.status).toBe(429);
    expect(blocked.data.notice).toEqual({ title: "Errore di login", description: tooManyRequestsMessage });
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(blocked.headers.get("Set-Cookie")).toBeNull();

    // The owner, from their own connection, logs in; the attacker's IP may still try other accounts.
    expect((await post({ intent: "login", email, password }, "192.0.2.10")).data.ok).toBe(true);
    expect((await post({ intent: "login", email: await customer(), password }, attacker)).data.ok).toBe(true);
  });

  it("tells an unconfirmed customer so, with the address to confirm", async () => {
    const email = uniqueEmail();
    await post(registration(email));
    const answer = await post({ intent: "login", email, password });
    expect(answer.status).toBe(403);
    expect(answer.data).toMatchObject({
      data: { unconfirmed: true, email },
      notice: {
        title: "Errore di login",
        description: "Email non confermata. Per favore controlla la tua casella email",
      },
    });
  });
});

describe("register", () => {
  it("checks every field on the server with the spec's messages", async () => {
    const answer = await post({ intent: "register", name: "A", email: "x", password: "abc", confirmPassword: "abd" });
    expect(answer.status).toBe(400);
    expect(answer.data.fieldErrors).toEqual({
      name: "Il nome deve contenere almeno 2 caratteri",
      email: "Email non valida",
      password: "La password deve essere di almeno 8 caratteri",
      confirmPassword: "La password deve essere di almeno 8 caratteri",
      termsAccepted: "Devi accettare i Termini di Servizio",
      privacyAccepted: "Devi accettare l'Informativa sulla Privacy",
    });
    const weak = await post({ ...registration(uniqueEmail()), password: "password1", confirmPassword: "password2" });
    expect(weak.data.fieldErrors).toEqual({
      password:
        "La password deve contenere almeno 8 caratteri, inclusi maiuscoli, minuscoli, numeri e caratteri speciali",
      confirmPassword: "Le password non corrispondono",
    });
  });

  it("creates the account and says an address is taken", async () => {
    const email = uniqueEmail();
    expect((await post(registration(email), "198.51.100.20")).data).toEqual({
      intent: "register",
      ok: true,
      data: { email },
    });
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(await profileRow(db, user?.id ?? "")).toMatchObject({
      firstName: "Anna",
      lastName: "Neri",
      termsAccepted: true,
      privacyAccepted: true,
    });

    const again = await post(registration(email), "198.51.100.20");
    expect(again.status).toBe(422);
    expect(again.data.notice).toEqual({
      title: "Errore di registrazione",
      description: "Esiste già un account con questa email",
    });
  });

  it("says of a few addresses an hour per client that they have an account, then makes that client's every sign-up wait", async () => {
    const ip = "198.51.100.31";
    const taken = [];
    for (let count = 0; count < 6; count++) taken.push(await customer());
    for (const email of taken.slice(0, 5)) {
      const answer = await post(registration(email), ip);
      expect(answer.status).toBe(422);
      expect(answer.data.notice).toMatchObject({ description: "Esiste già un account con questa email" });
    }
    const refused = { title: "Errore di registrazione", description: tooManyRequestsMessage };
    const sixth = await post(registration(taken[5] ?? ""), ip);
    expect(sixth.status).toBe(429);
    expect(sixth.data.notice).toEqual(refused);
    expect(Number(sixth.headers.get("Retry-After"))).toBeGreaterThan(0);
    // A new address waits too: the refusal itself tells nothing, and no account is made.
    const fresh = uniqueEmail();
    const freshAnswer = await post(registration(fresh), ip);
    expect(freshAnswer.status).toBe(429);
    expect(freshAnswer.data.notice).toEqual(refused);
    expect(await db.$count(users, eq(users.email, fresh))).toBe(0);
    // Another client is told too.
    expect((await post(registration(taken[5] ?? ""), "198.51.100.32")).status).toBe(422);
  });

  it("limits sign-ups per address, whatever the IP", async () => {
    const email = await customer();
    for (let count = 0; count < 5; count++) {
      expect((await post(registration(email), `198.51.100.${33 + count}`)).status).toBe(422);
    }
    const refused = await post(registration(email), "198.51.100.38");
    expect(refused.status).toBe(429);
    expect(refused.data.notice).toMatchObject({ description: tooManyRequestsMessage });
  });

  it("limits sign-ups per IP", async () => {
    const ip = "198.51.100.30";
    for (let count = 0; count < 20; count++) expect((await post(registration(uniqueEmail()), ip)).status).toBe(200);
    const blocked = await post(registration(uniqueEmail()), ip);
    expect(blocked.status).toBe(429);
    expect(blocked.data.notice).toMatchObject({ description: tooManyRequestsMessage });
  });
});

describe("password reset request", () => {
  it("answers the same for a known and an unknown address, and e-mails only the known one", async () => {
    const known = await customer();
    const unknown = uniqueEmail();
    const knownAnswer = await post({ intent: "reset-request", email: known }, "198.51.100.40");
    const unknownAnswer = await post({ intent: "reset-request", email: unknown }, "198.51.100.40");
    expect(knownAnswer).toEqual(unknownAnswer);
    expect(knownAnswer.data).toEqual({ intent: "reset-request", ok: true });
    expect(await db.$count(outgoingEmails, eq(outgoingEmails.toAddress, known))).toBe(1);
    expect(await db.$count(outgoingEmails, eq(outgoingEmails.toAddress, unknown))).toBe(0);
  });

  it("asks for the address when it is missing", async () => {
    expect((await post({ intent: "reset-request", email: " " })).data.notice).toEqual({
      title: "Email richiesta",
      description: "Inserisci la tua email per ricevere il link di reset",
    });
  });

  it("sends at most 3 e-mails an hour to one address, whichever IP asks", async () => {
    const email = await customer();
    for (const ip of ["198.51.100.51", "198.51.100.52", "198.51.100.53"]) {
      expect((await post({ intent: "reset-request", email }, ip)).status).toBe(200);
    }
    const blocked = await post({ intent: "reset-request", email }, "198.51.100.54");
    expect(blocked.status).toBe(429);
    expect(blocked.data.notice).toMatchObject({ description: tooManyRequestsMessage });
    expect(await db.$count(outgoingEmails, eq(outgoingEmails.toAddress, email))).toBe(3);
  });
});

describe("confirmation e-mail again", () => {
  it("is sent to an unconfirmed account, at most 3 times an hour", async () => {
    const email = uniqueEmail();
    await post(registration(email));
    for (let count = 0; count < 3; count++) {
      expect((await post({ intent: "resend-confirmation", email })).data).toMatchObject({ ok: true });
    }
    expect((await post({ intent: "resend-confirmation", email })).status).toBe(429);
    // The sign-up e-mail and three more.
    expect(await db.$count(outgoingEmails, eq(outgoingEmails.toAddress, email))).toBe(4);
  });
});

describe("the confirmation link", () => {
  const open = (path: string, cookie?: string) =>
    callRoute(loader, new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} }), context);

  it("only keeps the token when opened, and confirms when the button is pressed", async () => {
    const email = uniqueEmail();
    await post(registration(email));
    const [sent] = await db.select().from(outgoingEmails).where(eq(outgoingEmails.toAddress, email));
    const link = new URL(sent?.textBody.match(/http\S+\/auth\?token=\S+/)?.[0] ?? "");

    const opened = await open(link.pathname + link.search);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe("/auth");
    const cookie = opened.headers.get("Set-Cookie")?.split(";")[0] ?? "";
    expect(cookie).toMatch(/^vetrina\.confirm_token=/);
    const [before] = await db.select().from(users).where(eq(users.email, email));
    expect(before?.emailVerified).toBe(false);
    expect((await open("/auth", cookie)).data).toMatchObject({ confirmationPending: true });

    const confirmed = await post({ intent: "confirm-email" }, undefined, cookie);
    expect(confirmed.data).toEqual({ intent: "confirm-email", ok: true });
    expect(confirmed.headers.get("Set-Cookie")).toMatch(/vetrina\.confirm_token=;.*Max-Age=0/);
    const [after] = await db.select().from(users).where(eq(users.email, email));
    expect(after?.emailVerified).toBe(true);
  });

  it("says so when the token is missing or forged", async () => {
    for (const cookie of [undefined, "vetrina.confirm_token=InZvaWQi"]) {
      const answer = await post({ intent: "confirm-email" }, undefined, cookie);
      expect(answer.status).toBe(400);
      expect(answer.data.notice).toMatchObject({ title: "Link non valido" });
    }
  });
});
