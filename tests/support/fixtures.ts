// Test data shared by the integration tests and the Playwright journeys; each passes its own database.
import { randomUUID } from "node:crypto";
import { eq, like } from "drizzle-orm";
import type { Database } from "../../app/db/client.server";
import {
  checkoutSessions,
  type NewOrder,
  orderItems,
  orders,
  products,
  productVariants,
  type ShippingAddress,
  userProfiles,
} from "../../app/db/schema";
import type { CartLineRequest } from "../../app/modules/cart/values";
import type { CheckoutDraft } from "../../app/modules/checkout/values";

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

/** A product of its own with one variant, for tests that need exact prices and stock. */
export async function createTestVariant(
  db: Database,
  {
    priceCents = 2990,
    stock = 10,
    subcategory = "slip",
    minQuantity = 1,
    name = "Slip di prova",
  }: {
    priceCents?: number | null;
    stock?: number;
    subcategory?: "slip" | "bikini" | "intero" | "pigiama";
    minQuantity?: number;
    name?: string;
  } = {},
) {
  const sku = `${TEST_SKU_PREFIX}${randomUUID()}`;
  const [product] = await db
    .insert(products)
    .values({ name, gender: "Donna", subcategory, brand: "Marca di prova", priceCents, minQuantity, sku })
    .returning({ id: products.id });
  const productId = (product as { id: number }).id;
  const [variant] = await db
    .insert(productVariants)
    .values({ productId, colorName: "Nero", colorCode: "#111111", size: "M", sku: `${sku}-M`, stock })
    .returning({ id: productVariants.id });
  return {
    productId,
    variantId: (variant as { id: number }).id,
    /** The cart line for `quantity` pieces of it, as the browser keeps it. */
    line: (quantity: number) => ({ id: productId, size: "M", color: "Nero", quantity }),
  };
}

/** The SKU prefix of the products createTestVariant makes, for cleaning them up. */
export const TEST_SKU_PREFIX = "TEST-VARIANT-";

/** Removes the products createTestVariant made (their orders keep their lines). */
export async function deleteTestVariants(db: Database): Promise<void> {
  await db.delete(products).where(like(products.sku, `${TEST_SKU_PREFIX}%`));
}

export async function stockOf(db: Database, variantId: number): Promise<number> {
  const [variant] = await db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  return variant?.stock ?? -1;
}

/** What a shopper typed on the checkout's first step, complete for a home delivery. */
export function testDraft(overrides: Partial<CheckoutDraft> = {}): CheckoutDraft {
  return {
    deliveryMethod: "shipping",
    name: "Anna Neri",
    email: uniqueEmail("acquisto"),
    phone: "333 1234567",
    address: "Via Roma 1",
    city: "Fossano",
    postalCode: "12045",
    province: "CN",
    country: "Italia",
    ...overrides,
  };
}

/** A live checkout session holding `cart` (and the first step's form), as the checkout pages leave it. */
export async function createCheckoutSession(
  db: Database,
  cart: CartLineRequest[],
  {
    draft = testDraft(),
    userId = null,
    couponCode = null,
  }: { draft?: CheckoutDraft | null; userId?: string | null; couponCode?: string | null } = {},
): Promise<string> {
  const id = randomUUID();
  await db.insert(checkoutSessions).values({
    id,
    userId,
    cart,
    draft,
    couponCode,
    expiresAt: new Date(Date.now() + 24 * 3600 * 1000),
  });
  return id;
}
