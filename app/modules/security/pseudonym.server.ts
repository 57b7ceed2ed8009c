import { createHmac } from "node:crypto";
import { appSecret } from "~/app-secret.server";

/**
 * How a security event names a person (an e-mail address tried at the login, an IP) in the log: a
 * keyed hash, the same for the same value, so repeated attempts can be told apart and grouped,
 * while the address itself is never written. Keyed with the shop's secret: without it, a list of
 * likely addresses cannot be hashed and matched against the log.
 */
export function pseudonym(value: string, key: string = appSecret()): string {
  return createHmac("sha256", key).update(value.trim().toLowerCase()).digest("hex").slice(0, 16);
}
