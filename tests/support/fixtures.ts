// Test data shared by the integration tests and the Playwright journeys; each passes its own database.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../app/db/client.server";
import { type NewOrder, orderItems, orders, type ShippingAddress, userProfiles } from "../../app/db/schema";

/** The password of the test accounts: it meets the sign-up rules. */
export const testPassword = "Segreta#2024";

/** An address no other test uses, e.g. "cliente-1a2b3c4d@example.it". */
export function uniqueEmail(prefix = "cliente"): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.it`;
}

/** The sign-up form's fields, complete and ticked, as the browser posts them. */
export function registrationForm(email: string, name = "Anna Neri"): Record<string, string> {
  return {
    name,
    email,
    password: testPassword,
    confirmPassword: testPassword,
    termsAccepted: "on",
    privacyAccepted: "on",
  };
}

/** The user_profiles row of an account, to check what a sign-up or a profile update stored. */
export async function profileRow(db: Database, userId: string) {
  const [profile] = await db.select().from(userProfiles).where(eq(userProfiles.id, userId));
  return profile;
}

export const testShippingAddress: ShippingAddress = {
  name: "Anna Neri",
  address: "Via Roma 1",
  city: "Fossano",
  postalCode: "12045",
  country: "Italia",
  phone: "0172 123456",
  email: "anna@example.it",
};

/**
 * A paid order of `userId` (null: a guest's), being processed, shipped to testShippingAddress, with
 * two lines: 2 × 20,00 € and 1 × 10,00 €, plus 7,90 € shipping. `columns` change any of that.
 */
export async function insertOrder(
  db: Database,
  userId: string | null,
  columns: Partial<NewOrder> = {},
): Promise<string> {
  const [order] = await db
    .insert(orders)
    .values({
      userId,
      email: testShippingAddress.email,
      status: "processing",
      paymentStatus: "paid",
      deliveryMethod: "shipping",
      shippingAddress: testShippingAddress,
      subtotalCents: 5000,
      shippingCostCents: 790,
      totalCents: 5790,
      ...columns,
    })
    .returning({ id: orders.id });
  const orderId = (order as { id: string }).id;
  await db.insert(orderItems).values([
    { orderId, productName: "Pigiama in cotone", size: "M", color: "Blu", quantity: 2, unitPriceCents: 2000 },
    { orderId, productName: "Calze", size: null, color: null, quantity: 1, unitPriceCents: 1000 },
  ]);
  return orderId;
}
