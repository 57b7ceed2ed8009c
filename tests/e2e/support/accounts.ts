import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import type { NewOrder, UserRole } from "../../../app/db/schema";
import { createConfirmedUser } from "../../../app/modules/accounts/provisioning.server";
import { insertOrder, testPassword, uniqueEmail } from "../../support/fixtures";
import { e2eDatabase } from "./database";
import { openHydrated } from "./page";
import { appPort, baseURL } from "./ports";

export type TestUser = { id: string; email: string; password: string; name: string };

/** A new confirmed account, straight in the database (no e-mail, no rate limit). */
export async function createUser(role: UserRole = "customer", name = "Anna Neri"): Promise<TestUser> {
  const email = uniqueEmail(role);
  const id = await createConfirmedUser(e2eDatabase(), { email, password: testPassword, name, role });
  return { id, email, password: testPassword, name };
}

/** Fills the login form on the page and sends it. */
export async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Accedi", exact: true }).click();
}

/** Logs in through the /auth page, as a customer would, and waits for the home page. */
export async function logIn(page: Page, user: Pick<TestUser, "email" | "password">) {
  await openHydrated(page, "/auth");
  await fillLogin(page, user.email, user.password);
  await expect(accountMenu(page)).toBeVisible();
}

/** The header's 'Il mio account' menu of a signed-in visitor. */
export function accountMenu(page: Page) {
  return page.locator('summary[aria-label="Il mio account"]');
}

/** The session cookie of a login made over plain HTTP, as "name=value" for a Cookie header. */
export async function sessionCookie(user: Pick<TestUser, "email" | "password">): Promise<string> {
  const response = await fetch(`${baseURL}/auth`, {
    method: "POST",
    headers: { Origin: baseURL, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "login", email: user.email, password: user.password }),
    redirect: "manual",
  });
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0] ?? "")
    .find((pair) => pair.includes("session_token="));
  if (!cookie) throw new Error(`No session cookie for ${user.email} (HTTP ${response.status})`);
  return cookie;
}

/** The server's folder of shipping labels (DATA_DIR/labels, see app/modules/orders/labels.server.ts). */
const labelsFolder = path.join(".e2e-data", String(appPort), "labels");

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
    fs.mkdirSync(labelsFolder, { recursive: true });
    fs.writeFileSync(path.join(labelsFolder, labelFile), "%PDF-1.4\n% Etichetta di prova\n%%EOF\n");
  }
  return insertOrder(e2eDatabase(), userId, {
    status: "shipped",
    shippingTracking: "GLS-TRACK-1",
    shippingLabelPath: labelFile,
    ...columns,
  });
}
