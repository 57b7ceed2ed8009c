// The admin's authenticator app, for the integration tests and the Playwright journeys: codes as
// any app computes them (RFC 6238), and admins whose second factor is already set up.
import { createHmac, randomInt } from "node:crypto";
import { symmetricEncrypt } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../app/db/client.server";
import { twoFactors, users } from "../../app/db/schema";

const base32Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function base32Bytes(secret: string): Buffer {
  let bits = "";
  for (const character of secret.replace(/[\s=]/g, "").toUpperCase()) {
    const value = base32Alphabet.indexOf(character);
    if (value === -1) throw new Error(`not base32: ${character}`);
    bits += value.toString(2).padStart(5, "0");
  }
  return Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
}

/**
 * The 6-digit code of a base32 secret (the otpauth URI's `secret`) at `time`, as authenticator apps
 * compute it: HMAC-SHA-1 of the 30-second step, truncated (RFC 6238 with RFC 4226).
 */
export function totpCode(secret: string, time = Date.now()): string {
  const step = Buffer.alloc(8);
  step.writeBigUInt64BE(BigInt(Math.floor(time / 30_000)));
  const digest = createHmac("sha1", base32Bytes(secret)).update(step).digest();
  const offset = (digest.at(-1) ?? 0) & 0x0f;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/**
 * Gives `userId` a second factor as a finished set-up leaves it, in the rows better-auth reads:
 * the secret and recovery codes encrypted with `authSecret` (the app's BETTER_AUTH_SECRET).
 * Returns the base32 secret an app would hold, and the recovery codes.
 */
export async function enrolSecondFactor(
  db: Database,
  userId: string,
  authSecret: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const secret = Array.from({ length: 32 }, () => base32Alphabet[randomInt(32)]).join("");
  const recoveryCodes = Array.from({ length: 10 }, (_, index) => `prova-${index}${userId.slice(0, 4)}`);
  await db.insert(twoFactors).values({
    id: `two-factor-${userId}`,
    userId,
    // better-auth's marking of a secret imported in base32, rather than one it generated itself.
    secret: await symmetricEncrypt({ key: authSecret, data: `base32:${secret}` }),
    backupCodes: await symmetricEncrypt({ key: authSecret, data: JSON.stringify(recoveryCodes) }),
    verified: true,
  });
  await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, userId));
  return { secret, recoveryCodes };
}
