// Creates a confirmed admin, or makes an existing account an admin.
// Usage: npm run user:admin -- --email E --password P [--name "Nome Cognome"]
// The database is opened as the server opens it (DATA_DIR, or DATABASE_URL).
import { parseArgs } from "node:util";
import { z } from "zod";
import { ConfigError, readConfig } from "../app/config.server";
import { createOrPromoteAdmin } from "../app/modules/accounts/provisioning.server";
import { isStrongPassword, passwordMaxLength, passwordMinLength } from "../app/modules/accounts/validation";
import { openDatabase } from "../server/database";

const usage = 'Usage: npm run user:admin -- --email E --password P [--name "Nome Cognome"]';

/** The same password rules as sign-up; the password may be left out only when promoting an existing account. */
function problemWith({ email, password }: { email?: string; password?: string }): string | null {
  if (!email || !z.email().safeParse(email.trim()).success) return "--email needs a valid e-mail address.";
  if (password === undefined) return null;
  if (password.length < passwordMinLength || password.length > passwordMaxLength || !isStrongPassword(password)) {
    return `--password needs ${passwordMinLength} to ${passwordMaxLength} characters with lower case, upper case, a digit and a special character.`;
  }
  return null;
}

async function main(): Promise<number> {
  let values: { email?: string; password?: string; name?: string };
  try {
    ({ values } = parseArgs({
      options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  const problem = problemWith(values);
  if (problem) {
    console.error(`${problem}\n${usage}`);
    return 2;
  }
  const database = await openDatabase(readConfig());
  try {
    const email = values.email as string;
    const outcome = await createOrPromoteAdmin(database.db, { email, password: values.password, name: values.name });
    const shown = email.trim().toLowerCase();
    console.log(outcome === "created" ? `Admin ${shown} created.` : `${shown} is now an admin.`);
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
