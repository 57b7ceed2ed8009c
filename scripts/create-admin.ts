// Creates a confirmed admin, or makes an existing account an admin.
// Usage: npm run user:admin -- --email E [--name "Nome Cognome"] [--reset-two-factor]
// The password is typed at a hidden prompt, or read from standard input when it is piped; never from
// the command line, where it would stay in the shell's history and show in the process list.
// The database is opened as the server opens it (DATA_DIR, or DATABASE_URL).
import { createInterface } from "node:readline/promises";
import { Writable } from "node:stream";
import { text } from "node:stream/consumers";
import { parseArgs } from "node:util";
import { z } from "zod";
import { ConfigError, readConfig } from "../app/config.server";
import { isCommonPassword } from "../app/modules/accounts/common-passwords.server";
import { createOrPromoteAdmin } from "../app/modules/accounts/provisioning.server";
import { isStrongPassword, passwordMaxLength, passwordMinLength } from "../app/modules/accounts/validation";
import { openDatabase } from "../server/database";

const usage = 'Usage: npm run user:admin -- --email E [--name "Nome Cognome"] [--reset-two-factor]';

const passwordOptionRefused = `--password is not accepted: a password on the command line stays in the shell's history and shows in the process list.
Leave it out and type the password when asked, or pipe it on standard input:
  printf '%s\\n' "$ADMIN_PASSWORD" | npm run user:admin -- --email titolare@example.it`;

/** Sign-up's rules; an empty password (keeping an existing account's) passes here. */
function passwordProblem(password: string): string | null {
  if (password === "") return null;
  if (password.length < passwordMinLength || password.length > passwordMaxLength || !isStrongPassword(password)) {
    return `The password needs ${passwordMinLength} to ${passwordMaxLength} characters with lower case, upper case, a digit and a special character.`;
  }
  if (isCommonPassword(password)) return "This password is too common: choose one that is harder to guess.";
  return null;
}

/** A question whose answer is not shown as it is typed. Ctrl-C gives up. */
async function askHidden(question: string): Promise<string> {
  process.stdout.write(question);
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const prompt = createInterface({ input: process.stdin, output: silent, terminal: true });
  prompt.on("SIGINT", () => {
    process.stdout.write("\n");
    process.exit(130);
  });
  try {
    return await prompt.question("");
  } finally {
    prompt.close();
    process.stdout.write("\n");
  }
}

/** The password from the prompt (typed twice) or from piped standard input (its first line); "" for none. */
async function readPassword(email: string): Promise<string> {
  if (!process.stdin.isTTY) return (await text(process.stdin)).split(/\r?\n/)[0] ?? "";
  const password = await askHidden(`Password for ${email} (empty: keep an existing account's password): `);
  if (password !== "" && (await askHidden("Type it again: ")) !== password) {
    throw new UsageError("The two passwords differ.");
  }
  return password;
}

class UsageError extends Error {}

async function main(): Promise<number> {
  if (process.argv.some((arg) => arg === "--password" || arg.startsWith("--password="))) {
    console.error(passwordOptionRefused);
    return 2;
  }
  let values: { email?: string; name?: string; "reset-two-factor"?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: "string" },
        name: { type: "string" },
        "reset-two-factor": { type: "boolean" },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  const email = values.email?.trim().toLowerCase() ?? "";
  if (!z.email().safeParse(email).success) {
    console.error(`--email needs a valid e-mail address.\n${usage}`);
    return 2;
  }
  let password: string;
  try {
    password = await readPassword(email);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(error.message);
    return 2;
  }
  const problem = passwordProblem(password);
  if (problem) {
    console.error(problem);
    return 2;
  }

  const database = await openDatabase(readConfig());
  try {
    const outcome = await createOrPromoteAdmin(database.db, {
      email,
      password: password || undefined,
      name: values.name,
      resetSecondFactor: values["reset-two-factor"],
    });
    console.log(outcome === "created" ? `Admin ${email} created.` : `${email} is now an admin.`);
    console.log(
      "Two-factor authentication is required for admins: at the first login, after the password, the admin " +
        "sets up an authenticator app (a QR code, a first code, then recovery codes to keep); every later " +
        "login asks for its code.",
    );
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
