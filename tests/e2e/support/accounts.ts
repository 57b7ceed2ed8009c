import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { type NewOrder, orderItems, orders, type UserRole } from "../../../app/db/schema";
import { createConfirmedUser } from "../../../app/modules/accounts/provisioning.server";
import { e2eDatabase } from "./database";
import { appPort, baseURL } from "./ports";

export const testPassword = "Segreta#2024";

export type TestUser = { id: string; email: string; password: string; name: string };

/** A new confirmed account, straight in the database (no e-mail, no rate limit). */
export async function createUser(role: UserRole = "customer", name = "Anna Neri"): Promise<TestUser> {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.it`;
  const id = await createConfirmedUser(e2eDatabase(), { email, password: testPassword, name, role });
  return { id, email, password: testPassword, name };
}

/** Logs in through the /auth page, as a customer would, and waits for the home page. */
export async function logIn(page: Page, user: Pick<TestUser, "email" | "password">) {
  await page.goto("/auth");
  await waitForHydration(page);
  await page.getByLabel("Email", { exact: true }).fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Accedi", exact: true }).click();
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

/** Toasts and enhanced forms work once the page has hydrated; root.tsx mounts the Toaster then. */
export async function waitForHydration(page: Page) {
  await expect(page.locator('section[aria-label^="Notifications"]')).toBeAttached();
}

/** The server's folder of shipping labels (DATA_DIR/labels, see app/modules/orders/labels.server.ts). */
const labelsFolder = path.join(".e2e-data", String(appPort), "labels");

/**
 * An order of `userId` with two lines. `label: "file"` gives it a label PDF on disk, `"missing"` a
 * label whose file is gone.
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
  const [order] = await e2eDatabase()
    .insert(orders)
    .values({
      userId,
      email: "cliente@example.it",
      status: "shipped",
      paymentStatus: "paid",
      deliveryMethod: "shipping",
      shippingAddress: {
        name: "Anna Neri",
        address: "Via Roma 1",
        city: "Fossano",
        postalCode: "12045",
        country: "Italia",
        phone: "0172 123456",
        email: "cliente@example.it",
      },
      subtotalCents: 5000,
      shippingCostCents: 790,
      totalCents: 5790,
      shippingTracking: "GLS-TRACK-1",
      shippingLabelPath: labelFile,
      ...columns,
    })
    .returning({ id: orders.id });
  const orderId = (order as { id: string }).id;
  await e2eDatabase()
    .insert(orderItems)
    .values([
      { orderId, productName: "Pigiama in cotone", size: "M", color: "Blu", quantity: 2, unitPriceCents: 2000 },
      { orderId, productName: "Calze di lana", quantity: 1, unitPriceCents: 1000 },
    ]);
  return orderId;
}
