import { randomUUID } from "node:crypto";
import { eq, gte } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "~/db/availability";
import type { Database } from "~/db/client.server";
import * as schema from "~/db/schema";
import { sandboxPaymentSessions } from "~/db/schema";
import { connectTestDatabase } from "../../../tests/integration/database";
import { paymentProviderContract } from "./provider.contract";
import { SANDBOX_SIGNATURE_HEADER, sandboxPaymentProvider } from "./sandbox.server";

const db = connectTestDatabase();

paymentProviderContract("sandbox", async () => {
  const startedAt = new Date();
  const provider = sandboxPaymentProvider(db, { publicUrl: "http://localhost:3000", webhookSecret: "sandbox-secret" });
  const otherSandbox = sandboxPaymentProvider(db, {
    publicUrl: "http://localhost:3000",
    webhookSecret: "another-secret",
  });
  // The events the tester's clicks produced, to deliver as the sandbox's payment page does.
  const delivered = new Map<string, { body: string; headers: Headers }>();

  async function act(sessionId: string, action: "pay" | "fail") {
    const { event } = await provider.act(sessionId, action);
    if (event) delivered.set(`${action}:${sessionId}`, event);
  }

  /** An event the sandbox never sends itself, in its format and signed with its secret. */
  async function signedEvent(type: string, sessionId: string) {
    const body = JSON.stringify({
      id: `sbx_evt_${randomUUID()}`,
      type,
      created: Math.floor(Date.now() / 1000),
      session: await provider.retrieveSession(sessionId),
    });
    return { body, headers: new Headers({ [SANDBOX_SIGNATURE_HEADER]: provider.sign(body) }) };
  }

  function sent(action: "pay" | "fail", sessionId: string) {
    const event = delivered.get(`${action}:${sessionId}`);
    if (!event) throw new Error(`The sandbox sent no event for ${action} on ${sessionId}`);
    return event;
  }

  return {
    provider,
    pay: (sessionId) => act(sessionId, "pay"),
    fail: (sessionId) => act(sessionId, "fail"),
    async lapse(sessionId) {
      await db
        .update(sandboxPaymentSessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sandboxPaymentSessions.id, sessionId));
    },
    async eventFor(kind, sessionId) {
      const event =
        kind === "paid"
          ? sent("pay", sessionId)
          : kind === "failed"
            ? sent("fail", sessionId)
            : await signedEvent(kind === "expired" ? "session.expired" : "session.declined", sessionId);
      return { rawBody: Buffer.from(event.body), headers: event.headers };
    },
    registerWebhook: async () => {},
    // A new process: another signing secret, the same table.
    restarted: () => sandboxPaymentProvider(db, { publicUrl: "http://localhost:3000" }),
    forge(rawBody, { signedAt = new Date(), wrongSecret = false }) {
      const signer = wrongSecret ? otherSandbox : provider;
      const signature = signer.sign(rawBody.toString("utf8"), Math.floor(signedAt.getTime() / 1000));
      return new Headers({ [SANDBOX_SIGNATURE_HEADER]: signature });
    },
    async cleanup() {
      await db.delete(sandboxPaymentSessions).where(gte(sandboxPaymentSessions.createdAt, startedAt));
    },
  };
});

describe("the sandbox's payment page", () => {
  it("finds no session for an unknown id, and tells a database away from it", async () => {
    const sandbox = sandboxPaymentProvider(db, { publicUrl: "http://localhost:3000" });
    const unknown = `sbx_cs_${"0".repeat(32)}`;
    expect(await sandbox.findSession(unknown)).toBeNull();
    expect(await sandbox.findSession("x\u0000")).toBeNull();

    // A port nothing listens on: the page must answer the shop's 503, not "no such session" (404).
    const broken = new pg.Pool({ connectionString: "postgres://nobody@127.0.0.1:1/none", max: 1 });
    const away = sandboxPaymentProvider(drizzle(broken, { schema }) as Database, {
      publicUrl: "http://localhost:3000",
    });
    try {
      const error = await away.findSession(unknown).catch((failure: unknown) => failure);
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await broken.end();
    }
  });
});
