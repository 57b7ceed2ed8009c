import { randomUUID } from "node:crypto";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { resolveAuthSecret } from "../../../app/app-secret.server";
import type { NewOrder, UserRole } from "../../../app/db/schema";
import { createConfirmedUser } from "../../../app/modules/accounts/provisioning.server";
import { localFileStore } from "../../../app/modules/files/local-file-store.server";
import { labelLink, saveLabel } from "../../../app/modules/orders/labels.server";
import { insertOrder, testPassword, uniqueEmail } from "../../support/fixtures";
import { enrolSecondFactor, totpCode } from "../../support/second-factor";
import { e2eDatabase } from "./database";
import { openHydrated } from "./page";
import { appPort, baseURL } from "./ports";

/** `secondFactor`: an admin's authenticator app (its base32 secret) and recovery codes. */
export type TestUser = {
  id: string;
  email: string;
  password: string;
  name: string;
  secondFactor?: { secret: string; recoveryCodes: string[] };
};

/** The server's DATA_DIR, where it keeps its auth secret and its files, labels included (see playwright.config.ts). */
const dataDir = path.join(".e2e-data", String(appPort));

/**
 * A new confirmed account, straight in the database (no e-mail, no rate limit). An admin has the
 * second factor set up already, as admins must; `{ secondFactor: false }` leaves it to set up.
 */
export async function createUser(
  role: UserRole = "customer",
  name = "Anna Neri",
  { secondFactor = true } = {},
): Promise<TestUser> {
  const email = uniqueEmail(role);
  const id = await createConfirmedUser(e2eDatabase(), { email, password: testPassword, name, role });
  const user: TestUser = { id, email, password: testPassword, name };
  if (role !== "admin" || !secondFactor) return user;
  const authSecret = resolveAuthSecret({ authSecret: undefined, dataDir });
  return { ...user, secondFactor: await enrolSecondFactor(e2eDatabase(), id, authSecret) };
}

/** Fills the login form on the page and sends it. */
export async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Accedi", exact: true }).click();
}

/**
 * Fills the second step of an admin's login with the app's code at `time` and sends it (a code
 * counts once: a second login within 30 seconds takes the next one, `Date.now() + 30_000`).
 */
export async function fillSecondFactor(page: Page, secret: string, time = Date.now()) {
  await expect(page).toHaveURL(/\/auth\/codice\?/);
  await page.getByLabel("Codice di verifica").fill(totpCode(secret, time));
  await page.getByRole("button", { name: "Verifica", exact: true }).click();
}

/** Logs in through the /auth page, as a customer would (an admin with the app's code), and waits for the home page. */
export async function logIn(page: Page, user: Pick<TestUser, "email" | "password" | "secondFactor">) {
  await openHydrated(page, "/auth");
  await fillLogin(page, user.email, user.password);
  if (user.secondFactor) await fillSecondFactor(page, user.secondFactor.secret);
  await expect(accountMenu(page)).toBeVisible();
}

/** The header's 'Il mio account' menu of a signed-in visitor. */
export function accountMenu(page: Page) {
  return page.locator('summary[aria-label="Il mio account"]');
}

/** A form post over plain HTTP, as a page posts it; `cookie` as a Cookie header. */
function postForm(path: string, fields: Record<string, string>, cookie?: string) {
  return fetch(`${baseURL}${path}`, {
    method: "POST",
    headers: {
      Origin: baseURL,
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

/** The cookie named `…name` that a response sets, as "name=value". */
function cookieSet(response: Response, name: string): string | undefined {
  return response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0] ?? "")
    .find((pair) => pair.includes(`${name}=`) && !pair.endsWith("="));
}

/** The session cookie of a login made over plain HTTP (an admin's with the app's code), as "name=value" for a Cookie header. */
export async function sessionCookie(user: Pick<TestUser, "email" | "password" | "secondFactor">): Promise<string> {
  let response = await postForm("/auth", { intent: "login", email: user.email, password: user.password });
  if (user.secondFactor) {
    const challenge = cookieSet(response, "two_factor");
    if (!challenge) throw new Error(`No second-factor challenge for ${user.email} (HTTP ${response.status})`);
    const code = totpCode(user.secondFactor.secret);
    response = await postForm("/auth/codice", { intent: "totp", code }, challenge);
  }
  const cookie = cookieSet(response, "session_token");
  if (!cookie) throw new Error(`No session cookie for ${user.email} (HTTP ${response.status})`);
  return cookie;
}

/** A label link as the server's pages hand it out, signed with the server's secret. */
export function signedLabelPath(orderId: string): string {
  return labelLink(orderId, new Date(), resolveAuthSecret({ authSecret: undefined, dataDir }));
}

/** Where a label download leads: the local store's signed, expiring link to the label's PDF. */
export const labelDownload = /\/scarica\/labels\/[\w.-]+\.pdf\?scade=\d+&nome=etichetta-[\w-]+\.pdf&firma=[\w-]+$/;

/** The server's file store: the local folder DATA_DIR/files (no S3_* in the test run). */
const serverFiles = () =>
  localFileStore(path.join(dataDir, "files"), { linkSecret: resolveAuthSecret({ authSecret: undefined, dataDir }) });

/**
 * A shipped order of `userId` (see insertOrder) with a tracking code. `label: "file"` gives it a label
 * PDF on disk, `"missing"` a label whose file is gone.
 */
export async function placeOrder(
  userId: string | null,
  options: Partial<NewOrder> & { label?: "file" | "missing" } = {},
): Promise<string> {
  const { label, ...columns } = options;
  const labelFile = label ? `label-${randomUUID()}.pdf` : null;
  if (label === "file" && labelFile) {
    const pdf = await PDFDocument.create();
    pdf.addPage([298, 420]).drawText("Etichetta di prova", { x: 20, y: 380 });
    await saveLabel(serverFiles(), labelFile, await pdf.save());
  }
  return insertOrder(e2eDatabase(), userId, {
    status: "shipped",
    shippingTracking: "GLS-TRACK-1",
    shippingLabelPath: labelFile,
    ...columns,
  });
}
