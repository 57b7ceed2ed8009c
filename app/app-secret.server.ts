import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { type Config, config } from "~/config.server";

/**
 * The secret that signs session cookies and e-mail confirmation links.
 *
 * BETTER_AUTH_SECRET wins when set; config.server.ts demands it in production over HTTPS, where it
 * belongs with the other secrets of the deployment. Everywhere else (local runs, `npm start`, tests)
 * a random secret is generated on first start and kept in DATA_DIR/auth-secret (mode 600), so
 * sessions and pending confirmation links survive restarts with no setup. Losing that file signs
 * everybody out, voids unconfirmed links and the admins' second factors (encrypted with it; see
 * `npm run user:admin -- --reset-two-factor`): password hashes and reset tokens do not use it.
 */
export function resolveAuthSecret(config: Pick<Config, "authSecret" | "dataDir">): string {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, "auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    // "wx": when two processes start together (server and a CLI), the first one's secret is kept.
    fs.writeFileSync(file, `${randomBytes(32).toString("base64")}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return fs.readFileSync(file, "utf8").trim();
}

let processSecret: string | undefined;

/** This process's secret (resolveAuthSecret of the shop's configuration), read once. */
export function appSecret(): string {
  processSecret ??= resolveAuthSecret(config());
  return processSecret;
}
