import { relations, type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import type { CartLineRequest } from "../modules/cart/values";
import { genders, subcategories } from "../modules/catalog/values";
import type { CheckoutDraft } from "../modules/checkout/values";
import { deliveryMethods } from "../modules/orders/values";
import { paymentProviders } from "../modules/payments/values";
import { withdrawalItemDecisions, withdrawalStates } from "../modules/withdrawals/values";

// ---------------------------------------------------------------------------
// Value lists shared by the check constraints and the application
// ---------------------------------------------------------------------------

export const userRoles = ["customer", "admin"] as const;
export type UserRole = (typeof userRoles)[number];

export const orderStatuses = [
  "processing",
  "shipped",
  "gls_closed",
  "completed",
  "cancelled",
  "payment_failed",
  "pending_payment",
  "reserved",
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const paymentStatuses = [
  "paid",
  "pending",
  "failed",
  "to_be_paid_in_store",
  "paid_in_store",
  "refunded",
  "partially_refunded",
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** One payment attempt at the provider: open until paid, failed or expired. */
export const paymentStates = ["open", "paid", "failed", "expired"] as const;
export type PaymentState = (typeof paymentStates)[number];

export const newsletterStatuses = ["pending", "confirmed", "unsubscribed"] as const;
export type NewsletterStatus = (typeof newsletterStatuses)[number];

export const mailStatuses = ["pending", "sent", "failed"] as const;
export type MailStatus = (typeof mailStatuses)[number];

/** Address and contact data copied onto the order; address fields are empty for pickups. */
export type ShippingAddress = {
  name: string;
  address: string;
  city: string;
  postalCode: string;
  /** Two-letter sigla the courier needs (absent on orders placed before it was asked for). */
  province?: string;
  country: string;
  phone: string;
  email: string;
};

/** One discount applied to an order, e.g. { code: "first_order", label: "Sconto primo ordine", amountCents: 450 }. */
export type OrderDiscount = { code: string; label: string; amountCents: number };

function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(", "))})`;
}

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// Written only by the database triggers of migration 0002_search.
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

// ---------------------------------------------------------------------------
// Catalogue
// ---------------------------------------------------------------------------

// A product on sale (not archived). Written as raw SQL so the partial indexes and the queries that
// use them say it word for word, as PostgreSQL needs to match them.
const onSale = sql.raw(`"archived_at" is null`);

export const products = pgTable(
  "products",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    gender: text("gender", { enum: genders }).notNull(),
    subcategory: text("subcategory", { enum: subcategories }).notNull(),
    brand: text("brand").notNull(),
    description: text("description").notNull().default(""),
    composition: text("composition").notNull().default(""),
    washing: text("washing").array().notNull().default(sql`'{}'::text[]`),
    detailsAccordion: text("details_accordion").notNull().default(""),
    minQuantity: integer("min_quantity").notNull().default(1),
    /**
     * Worn against the skin and sealed (intimate items, swimwear): once the seal is opened it cannot
     * be returned for hygiene reasons (art. 59 lett. e Codice del Consumo). Staff decide on receipt.
     */
    hygieneSealed: boolean("hygiene_sealed").notNull().default(false),
    pricePerPack: text("price_per_pack"),
    // null = price not available: the product is shown but cannot be bought.
    priceCents: integer("price_cents"),
    // The reference price crossed out beside a reduced price, always above it; null = not reduced. The
    // percentage shown is worked out from the two (catalog/crossed-out-price.ts), so it cannot disagree.
    originalPriceCents: integer("original_price_cents"),
    isNew: boolean("is_new").notNull().default(false),
    isNewCollection: boolean("is_new_collection").notNull().default(false),
    isOutlet: boolean("is_outlet").notNull().default(false),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    // Every size its variants come in, kept by a trigger (migration 0019): the size filter reads it.
    sizes: text("sizes").array().notNull().default(sql`'{}'::text[]`),
    // Every colour its variants come in, and every colour-and-size pair (colorSizeKey), kept by the
    // same trigger (migration 0020): the colour filter reads them.
    colors: text("colors").array().notNull().default(sql`'{}'::text[]`),
    colorSizes: text("color_sizes").array().notNull().default(sql`'{}'::text[]`),
    sku: text("sku").notNull().unique(),
    // Set when staff take the product off sale: gone from the storefront, kept for the orders that name it.
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    // Loaded with the demo shop (app/demo): 'Inizia con il tuo negozio' removes exactly these rows.
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    searchVector: tsvector("search_vector"),
    // Unaccented lowercase words (name, brand, subcategory, gender, colours, tags) for trigram typo tolerance.
    searchText: text("search_text"),
  },
  (table) => [
    check("products_gender_check", oneOf(table.gender, genders)),
    check("products_subcategory_check", oneOf(table.subcategory, subcategories)),
    check("products_min_quantity_check", sql`${table.minQuantity} >= 1`),
    check("products_price_check", sql`${table.priceCents} >= 0`),
    check(
      "products_original_price_check",
      sql`${table.originalPriceCents} is null or (${table.priceCents} is not null and ${table.originalPriceCents} > ${table.priceCents})`,
    ),
    // The storefront reads only products on sale: its listing indexes hold only those, so that every
    // listing query (which says `archived_at is null`) is still answered from an index alone.
    index("products_created_at_id_idx")
      .on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(onSale),
    // Keyset pages of the price sorts, products without a price last either way (modules/catalog/listing.server.ts).
    index("products_price_asc_idx").on(sql`coalesce(${table.priceCents}, 2147483647)`, table.id).where(onSale),
    index("products_price_desc_idx").on(sql`coalesce(${table.priceCents}, -1)`, table.id).where(onSale),
    // Holds every column the catalogue filters on, so counting a filtered list reads this index alone.
    index("products_listing_filters_idx")
      .on(table.gender, table.subcategory, table.priceCents, table.brand)
      .where(onSale),
    index("products_brand_idx").on(table.brand),
    index("products_outlet_idx")
      .on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.isOutlet} and ${onSale}`),
    index("products_new_collection_idx")
      .on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.isNewCollection} and ${onSale}`),
    index("products_new_idx")
      .on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.isNew} and ${onSale}`),
    index("products_search_vector_idx").using("gin", table.searchVector),
    index("products_search_text_trgm_idx").using("gin", table.searchText.op("gin_trgm_ops")),
  ],
);

export const productVariants = pgTable(
  "product_variants",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    colorName: text("color_name").notNull(),
    colorCode: text("color_code").notNull(),
    size: text("size").notNull(),
    sku: text("sku").notNull().unique(),
    stock: integer("stock").notNull().default(0),
    position: integer("position").notNull().default(0),
  },
  (table) => [
    // Its index also serves every lookup by product_id alone.
    unique("product_variants_product_color_size_unique").on(table.productId, table.colorName, table.size),
    check("product_variants_stock_check", sql`${table.stock} >= 0`),
    check("product_variants_color_code_check", sql`${table.colorCode} ~ '^#[0-9a-f]{6}$'`),
    // With product_id, the catalogue's colour and size filters are answered from the index alone.
    index("product_variants_color_product_idx").on(table.colorName, table.productId),
    index("product_variants_size_product_idx").on(table.size, table.productId),
    index("product_variants_in_stock_idx").on(table.productId).where(sql`${table.stock} > 0`),
  ],
);

/**
 * One row per colour of each product on sale, with the sizes it comes in and the product's other
 * filter columns copied, kept by a trigger on products (migration 0021). A list filtered by colour is
 * counted from a range of its covering index (written there: Drizzle cannot write INCLUDE), instead
 * of checking every product's colours.
 */
export const productColors = pgTable(
  "product_colors",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    color: text("color").notNull(),
    sizes: text("sizes").array().notNull(),
    brand: text("brand").notNull(),
    gender: text("gender", { enum: genders }).notNull(),
    subcategory: text("subcategory", { enum: subcategories }).notNull(),
    priceCents: integer("price_cents"),
  },
  (table) => [primaryKey({ columns: [table.productId, table.color] })],
);

/**
 * The catalogue's vocabulary: every word of products.search_text, added by a trigger (migration
 * 0008_search_words). A misspelt search term is corrected to its most similar word here.
 */
export const searchWords = pgTable("search_words", { word: text("word").primaryKey() }, (table) => [
  index("search_words_word_trgm_idx").using("gin", table.word.op("gin_trgm_ops")),
]);

export const productImages = pgTable(
  "product_images",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    // null = the image fits every colour.
    colorName: text("color_name"),
    position: integer("position").notNull().default(0),
    path: text("path").notNull(),
    alt: text("alt").notNull().default(""),
  },
  (table) => [index("product_images_product_position_idx").on(table.productId, table.position)],
);

export const productPriceHistory = pgTable(
  "product_price_history",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    priceCents: integer("price_cents").notNull(),
    validFrom: timestamp("valid_from", { withTimezone: true }).notNull(),
  },
  (table) => [
    check("product_price_history_price_check", sql`${table.priceCents} >= 0`),
    index("product_price_history_product_valid_from_idx").on(table.productId, table.validFrom),
  ],
);

export const reviews = pgTable(
  "reviews",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    author: text("author").notNull(),
    rating: smallint("rating").notNull(),
    content: text("content").notNull(),
    createdAt: createdAt(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    // Loaded with the demo shop (app/demo): 'Inizia con il tuo negozio' removes exactly these rows.
    isDemo: boolean("is_demo").notNull().default(false),
  },
  (table) => [
    check("reviews_rating_check", sql`${table.rating} between 1 and 5`),
    index("reviews_product_created_at_idx").on(table.productId, table.createdAt.desc().nullsFirst()),
  ],
);

// ---------------------------------------------------------------------------
// Blog
// ---------------------------------------------------------------------------

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull(),
    contentHtml: text("content_html").notNull(),
    imageUrl: text("image_url"),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
    author: text("author").notNull(),
    category: text("category").notNull(),
    // Loaded with the demo shop (app/demo): 'Inizia con il tuo negozio' removes exactly these rows.
    isDemo: boolean("is_demo").notNull().default(false),
  },
  (table) => [index("blog_posts_published_at_idx").on(table.publishedAt.desc().nullsFirst())],
);

export const blogComments = pgTable(
  "blog_comments",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    postId: integer("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    author: text("author").notNull(),
    content: text("content").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [index("blog_comments_post_created_at_idx").on(table.postId, table.createdAt.desc().nullsFirst())],
);

export const blogRatings = pgTable(
  "blog_ratings",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    postId: integer("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    // A hashed visitor id or the user id: one vote per voter and post, changed by voting again.
    voterKey: text("voter_key").notNull(),
    rating: smallint("rating").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique("blog_ratings_post_voter_unique").on(table.postId, table.voterKey),
    check("blog_ratings_rating_check", sql`${table.rating} between 1 and 5`),
  ],
);

// ---------------------------------------------------------------------------
// Auth: the tables better-auth 1.x and its twoFactor plugin read through its Drizzle adapter
// (configure it with `usePlural: true`). Roles live in user_profiles.
// ---------------------------------------------------------------------------

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /** Set by better-auth's twoFactor plugin once an authenticator app is enrolled and confirmed. */
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("accounts_user_id_idx").on(table.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("verifications_identifier_idx").on(table.identifier)],
);

/**
 * The twoFactor plugin's table: one row per enrolled (or enrolling) user, with the TOTP secret and
 * the recovery codes, both encrypted by better-auth with the auth secret.
 */
export const twoFactors = pgTable("two_factors", {
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  backupCodes: text("backup_codes").notNull(),
  /** False between the start of an enrolment and the first correct code. */
  verified: boolean("verified").notNull().default(true),
  failedVerificationCount: integer("failed_verification_count").notNull().default(0),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

export const userProfiles = pgTable(
  "user_profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: userRoles }).notNull().default("customer"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    phone: text("phone"),
    address: text("address"),
    city: text("city"),
    postalCode: text("postal_code"),
    /** Two-letter code (address/provinces.ts), as the checkout takes it. */
    province: text("province"),
    country: text("country").notNull().default("Italia"),
    dateOfBirth: date("date_of_birth"),
    termsAccepted: boolean("terms_accepted").notNull().default(false),
    privacyAccepted: boolean("privacy_accepted").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [check("user_profiles_role_check", oneOf(table.role, userRoles))],
);

// ---------------------------------------------------------------------------
// Orders, payments, stock holds, coupons, checkout sessions
// ---------------------------------------------------------------------------

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    status: text("status", { enum: orderStatuses }).notNull(),
    paymentStatus: text("payment_status", { enum: paymentStatuses }).notNull(),
    deliveryMethod: text("delivery_method", { enum: deliveryMethods }).notNull(),
    shippingAddress: jsonb("shipping_address").$type<ShippingAddress>().notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    discounts: jsonb("discounts").$type<OrderDiscount[]>().notNull().default(sql`'[]'::jsonb`),
    discountCents: integer("discount_cents").notNull().default(0),
    shippingCostCents: integer("shipping_cost_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    couponCode: text("coupon_code"),
    shippingTracking: text("shipping_tracking"),
    shippingLabelPath: text("shipping_label_path"),
    shippingCarrier: text("shipping_carrier"),
    shippingWeightGrams: integer("shipping_weight_grams"),
    shippingParcels: integer("shipping_parcels"),
    // The checkout session (hash of its cookie) that placed the order: its browser may see the order
    // on /checkout-success without an account.
    checkoutSessionId: text("checkout_session_id"),
    // The showing of the checkout page (a random id) whose button placed the order: the same button
    // pressed again finds this order instead of placing another (modules/checkout).
    checkoutAttempt: text("checkout_attempt"),
    // The network an unpaid order was placed from, as a keyed hash, for the cap on the pieces unpaid
    // orders hold per network (modules/checkout/held-stock.server.ts); cleared once the order is
    // paid or ends.
    placedFrom: text("placed_from"),
    // Loaded with the demo shop (app/demo): 'Inizia con il tuo negozio' removes exactly these rows.
    isDemo: boolean("is_demo").notNull().default(false),
  },
  (table) => [
    check("orders_status_check", oneOf(table.status, orderStatuses)),
    check("orders_payment_status_check", oneOf(table.paymentStatus, paymentStatuses)),
    check("orders_delivery_method_check", oneOf(table.deliveryMethod, deliveryMethods)),
    check(
      "orders_amounts_check",
      sql`${table.subtotalCents} >= 0 and ${table.discountCents} >= 0 and ${table.shippingCostCents} >= 0 and ${table.totalCents} >= 0`,
    ),
    // The admin's order list (docs/decisions/0010-admin-order-list.md): its order, each filter
    // followed by that order, and the name or e-mail search by trigrams, accents and case ignored.
    index("orders_created_at_id_idx").on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index("orders_payment_status_created_at_idx").on(
      table.paymentStatus,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index("orders_delivery_method_created_at_idx").on(
      table.deliveryMethod,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index("orders_search_trgm_idx").using(
      "gin",
      sql`lower(immutable_unaccent(coalesce(${table.shippingAddress}->>'name', '') || ' ' || ${table.email})) gin_trgm_ops`,
    ),
    index("orders_user_created_at_idx").on(table.userId, table.createdAt.desc().nullsFirst()),
    index("orders_email_idx").on(table.email),
    // Whether an address has ordered before, and the pieces its unpaid orders hold, ignoring case.
    index("orders_lower_email_idx").on(sql`lower(${table.email})`),
    index("orders_placed_from_idx").on(table.placedFrom).where(sql`${table.placedFrom} IS NOT NULL`),
    index("orders_checkout_session_id_idx").on(table.checkoutSessionId),
    index("orders_status_created_at_idx").on(
      table.status,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

/** Every change of an order's status: from (null when the order was placed), to, why, by whom. */
export const orderStatusChanges = pgTable(
  "order_status_changes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: text("from_status", { enum: orderStatuses }),
    toStatus: text("to_status", { enum: orderStatuses }).notNull(),
    paymentStatus: text("payment_status", { enum: paymentStatuses }).notNull(),
    /** The lifecycle event (modules/orders/transitions.ts), or "placed". */
    event: text("event").notNull(),
    /** Who or what: "customer", "system", "staff:<user id>", "stripe:<event id>"… */
    actor: text("actor").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("order_status_changes_order_id_idx").on(table.orderId, table.id)],
);

/** One payment attempt of an order at its provider (a hosted checkout session). */
export const payments = pgTable(
  "payments",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: paymentProviders }).notNull(),
    // Null until the provider has answered the request to open the session.
    sessionId: text("session_id"),
    checkoutUrl: text("checkout_url"),
    // The provider's reference of the money itself (Stripe's PaymentIntent), once paid.
    reference: text("reference"),
    state: text("state", { enum: paymentStates }).notNull().default("open"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("EUR"),
    // When the shop ends the payment if it is still unpaid: the end of the order's hold on its
    // pieces (the provider's session may be open a little longer, until the shop ends it).
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("payments_provider_check", oneOf(table.provider, paymentProviders)),
    check("payments_state_check", oneOf(table.state, paymentStates)),
    check("payments_amount_check", sql`${table.amountCents} >= 0`),
    unique("payments_provider_session_unique").on(table.provider, table.sessionId),
    index("payments_order_id_idx").on(table.orderId),
    index("payments_open_expires_at_idx").on(table.expiresAt).where(sql`${table.state} = 'open'`),
  ],
);

/** Every event a payment provider has sent (webhooks), once each. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    provider: text("provider", { enum: paymentProviders }).notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    sessionId: text("session_id"),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    payload: jsonb("payload").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique("payment_events_provider_event_unique").on(table.provider, table.eventId),
    index("payment_events_order_id_idx").on(table.orderId),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    productName: text("product_name").notNull(),
    size: text("size"),
    color: text("color"),
    quantity: integer("quantity").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
  },
  (table) => [
    check("order_items_quantity_check", sql`${table.quantity} > 0`),
    check("order_items_amounts_check", sql`${table.unitPriceCents} >= 0 and ${table.discountCents} >= 0`),
    index("order_items_order_id_idx").on(table.orderId),
  ],
);

export const stockHolds = pgTable(
  "stock_holds",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    variantId: integer("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    // Set when the stock went back to the variant: it goes back once, whoever asks twice.
    releasedAt: timestamp("released_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check("stock_holds_quantity_check", sql`${table.quantity} > 0`),
    index("stock_holds_order_id_idx").on(table.orderId),
    index("stock_holds_active_variant_idx").on(table.variantId).where(sql`${table.releasedAt} is null`),
  ],
);

// ---------------------------------------------------------------------------
// Shipments, refunds, staff notes and the rest of the order timeline
// ---------------------------------------------------------------------------

export const carrierNames = ["gls", "sandbox"] as const;
export type CarrierName = (typeof carrierNames)[number];

/**
 * requested: the courier was asked and has not answered (or the answer was lost: the parcel may
 * exist, modules/shipping finds it before asking again). created: the courier gave parcel numbers.
 * rejected: the courier refused it, nothing exists. deleted: cancelled before the day was closed.
 * closed: in a closed courier day.
 */
export const shipmentStates = ["requested", "created", "rejected", "deleted", "closed"] as const;
export type ShipmentState = (typeof shipmentStates)[number];

/** One parcel of a shipment as the courier numbered it. */
export type ShipmentParcel = {
  /** The courier's bare number (what its delete and close calls take). */
  number: string;
  /** The code customers track it by. */
  trackingCode: string;
};

/** One attempt to ship an order with the courier. */
export const shipments = pgTable(
  "shipments",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    carrier: text("carrier", { enum: carrierNames }).notNull(),
    /** Our number for this attempt (GLS's ContatoreProgressivo and Bda): the courier sees it once. */
    attemptKey: text("attempt_key").notNull(),
    state: text("state", { enum: shipmentStates }).notNull().default("requested"),
    parcelCount: integer("parcel_count").notNull(),
    weightGrams: integer("weight_grams").notNull(),
    parcels: jsonb("parcels").$type<ShipmentParcel[]>().notNull().default(sql`'[]'::jsonb`),
    /** The label PDF, relative to the private labels folder. */
    labelPath: text("label_path"),
    /** The courier accepted the parcel with a remark (GLS Check: the depot fixes the address). */
    warning: text("warning"),
    /** Why the courier refused it, in its own words. */
    error: text("error"),
    /** "staff:<user id>" */
    requestedBy: text("requested_by").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (table) => [
    check("shipments_carrier_check", oneOf(table.carrier, carrierNames)),
    check("shipments_state_check", oneOf(table.state, shipmentStates)),
    check("shipments_parcels_check", sql`${table.parcelCount} > 0 and ${table.weightGrams} > 0`),
    unique("shipments_attempt_key_unique").on(table.attemptKey),
    index("shipments_order_id_idx").on(table.orderId),
    index("shipments_open_idx").on(table.state).where(sql`${table.state} in ('requested', 'created')`),
  ],
);

export const refundStates = ["requested", "succeeded", "failed"] as const;
export type RefundState = (typeof refundStates)[number];

/** Money given back through the payment provider that took it. */
export const refunds = pgTable(
  "refunds",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => payments.id),
    provider: text("provider", { enum: paymentProviders }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    state: text("state", { enum: refundStates }).notNull().default("requested"),
    /** The provider's id of the refund, once it answered. */
    providerRefundId: text("provider_refund_id"),
    /** Sent to the provider: asking twice gives back the money once. */
    idempotencyKey: text("idempotency_key").notNull(),
    reason: text("reason"),
    error: text("error"),
    requestedBy: text("requested_by").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("refunds_provider_check", oneOf(table.provider, paymentProviders)),
    check("refunds_state_check", oneOf(table.state, refundStates)),
    check("refunds_amount_check", sql`${table.amountCents} > 0`),
    unique("refunds_idempotency_key_unique").on(table.idempotencyKey),
    index("refunds_order_id_idx").on(table.orderId),
  ],
);

/** Private notes staff write on an order; customers never see them. */
export const orderNotes = pgTable(
  "order_notes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check("order_notes_body_check", sql`length(${table.body}) between 1 and 2000`),
    index("order_notes_order_id_idx").on(table.orderId, table.id),
  ],
);

export const orderActivityKinds = ["carrier", "email", "refund", "staff", "warning", "withdrawal"] as const;
export type OrderActivityKind = (typeof orderActivityKinds)[number];

/**
 * What happened to an order besides its status changes (those are in order_status_changes and
 * payment provider events in payment_events): courier calls, e-mails queued, refunds, warnings.
 * Written in the transaction of what it reports. The admin timeline merges the three.
 */
export const orderActivity = pgTable(
  "order_activity",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: orderActivityKinds }).notNull(),
    /** One line in Italian, as staff read it on the timeline. */
    message: text("message").notNull(),
    /** "staff:<user id>", "system", "customer"… */
    actor: text("actor").notNull(),
    /** Facts behind the line (a courier's answer, masked of credentials). */
    details: jsonb("details"),
    createdAt: createdAt(),
  },
  (table) => [
    check("order_activity_kind_check", oneOf(table.kind, orderActivityKinds)),
    index("order_activity_order_id_idx").on(table.orderId, table.id),
  ],
);

// ---------------------------------------------------------------------------
// Withdrawals (art. 54-bis Codice del Consumo) and returns
// ---------------------------------------------------------------------------

export const withdrawalRequests = pgTable(
  "withdrawal_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    /** The signed-in customer who withdrew, or null for a guest (identified by order number and e-mail). */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    /** Where the acknowledgement and every later step go. */
    email: text("email").notNull(),
    /** The whole order (shipping cost refunded too) or some of its items. */
    wholeOrder: boolean("whole_order").notNull(),
    state: text("state", { enum: withdrawalStates }).notNull().default("received"),
    /** What was refunded for this request, in cents, once decided. */
    refundedCents: integer("refunded_cents"),
    /** The moment of the withdrawal, as the acknowledgement states it. */
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("withdrawal_requests_state_check", oneOf(table.state, withdrawalStates)),
    index("withdrawal_requests_order_id_idx").on(table.orderId),
    index("withdrawal_requests_state_created_at_idx").on(table.state, table.createdAt),
    // One open request per order: a second submission finds the first.
    uniqueIndex("withdrawal_requests_open_order_unique")
      .on(table.orderId)
      .where(sql`${table.state} in ('received', 'goods_received')`),
  ],
);

/** One order line (and how many of its pieces) in a withdrawal, with staff's decision on receipt. */
export const withdrawalItems = pgTable(
  "withdrawal_items",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => withdrawalRequests.id, { onDelete: "cascade" }),
    orderItemId: integer("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "restrict" }),
    quantity: integer("quantity").notNull(),
    decision: text("decision", { enum: withdrawalItemDecisions }).notNull().default("pending"),
    /** Shown to the customer when the item is refused (e.g. the hygiene seal was opened). */
    refusalReason: text("refusal_reason"),
    /** Staff chose to put the pieces back on sale; set once, when they went back. */
    restockedAt: timestamp("restocked_at", { withTimezone: true }),
  },
  (table) => [
    check("withdrawal_items_quantity_check", sql`${table.quantity} > 0`),
    check("withdrawal_items_decision_check", oneOf(table.decision, withdrawalItemDecisions)),
    unique("withdrawal_items_request_item_unique").on(table.requestId, table.orderItemId),
  ],
);

export const withdrawalRequestsRelations = relations(withdrawalRequests, ({ one, many }) => ({
  order: one(orders, { fields: [withdrawalRequests.orderId], references: [orders.id] }),
  items: many(withdrawalItems),
}));

export const withdrawalItemsRelations = relations(withdrawalItems, ({ one }) => ({
  request: one(withdrawalRequests, { fields: [withdrawalItems.requestId], references: [withdrawalRequests.id] }),
  orderItem: one(orderItems, { fields: [withdrawalItems.orderItemId], references: [orderItems.id] }),
}));

/** Every request that changed something in the admin area: who, when, what, and how it went. */
export const adminActions = pgTable(
  "admin_actions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The account's e-mail then, kept when the account is gone. */
    userEmail: text("user_email").notNull(),
    method: text("method").notNull(),
    path: text("path").notNull(),
    /** The form's intent field, e.g. "create-shipment". */
    intent: text("intent"),
    /** The HTTP status the action answered. */
    status: integer("status").notNull(),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (table) => [index("admin_actions_created_at_idx").on(table.createdAt)],
);

export const coupons = pgTable(
  "coupons",
  {
    code: text("code").primaryKey(),
    percentOff: integer("percent_off").notNull(),
    active: boolean("active").notNull().default(true),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    maxUses: integer("max_uses"),
    usedCount: integer("used_count").notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    check("coupons_code_uppercase_check", sql`${table.code} = upper(${table.code})`),
    check("coupons_percent_off_check", sql`${table.percentOff} between 1 and 100`),
    check("coupons_used_count_check", sql`${table.usedCount} >= 0`),
  ],
);

/**
 * The shop's settings as staff edit them in 'Impostazioni', one row per group of fields (e.g.
 * "shipping"); a group without a row reads its defaults from code (modules/settings).
 */
export const shopSettings = pgTable("shop_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: updatedAt(),
});

/** Every change of a setting or a coupon: who, when, old → new. Kept when the account is gone. */
export const settingChanges = pgTable(
  "setting_changes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** What changed: a settings group ("shipping") or a coupon ("coupon:ESTATE10"). */
    subject: text("subject").notNull(),
    oldValue: jsonb("old_value"),
    newValue: jsonb("new_value"),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The account's e-mail then, kept when the account is gone. */
    userEmail: text("user_email").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("setting_changes_created_at_idx").on(table.createdAt.desc())],
);

/**
 * A shopper's way through the checkout, kept on the server and named by a cookie (its id is the
 * SHA-256 of the cookie's token): the cart the browser sent, the form of the first step, the code.
 */
export const checkoutSessions = pgTable(
  "checkout_sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    cart: jsonb("cart").$type<CartLineRequest[]>().notNull().default(sql`'[]'::jsonb`),
    draft: jsonb("draft").$type<CheckoutDraft>(),
    couponCode: text("coupon_code"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("checkout_sessions_expires_at_idx").on(table.expiresAt)],
);

/**
 * The sandbox payment provider's own records: what a hosted payment page holds at a real provider.
 * Only the sandbox (modules/payments/sandbox.server.ts) reads and writes them.
 */
export const sandboxPaymentSessions = pgTable("sandbox_payment_sessions", {
  id: text("id").primaryKey(),
  orderId: text("order_id").notNull(),
  amountCents: integer("amount_cents").notNull(),
  currency: text("currency").notNull(),
  lineItems: jsonb("line_items")
    .$type<{ name: string; description: string; amountCents: number; quantity: number }[]>()
    .notNull(),
  shippingCents: integer("shipping_cents").notNull(),
  customerEmail: text("customer_email").notNull(),
  successUrl: text("success_url").notNull(),
  cancelUrl: text("cancel_url").notNull(),
  state: text("state", { enum: paymentStates }).notNull().default("open"),
  declines: integer("declines").notNull().default(0),
  reference: text("reference"),
  /** What the sandbox has given back of this payment: it refuses refunds beyond what was paid. */
  refundedCents: integer("refunded_cents").notNull().default(0),
  idempotencyKey: text("idempotency_key").unique(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/**
 * The sandbox's webhook events, kept as Stripe keeps its own: each is delivered to the shop until
 * the shop acknowledges it (`deliveredAt`), retried with back-off, so a payment taken while the shop
 * was stopping is still heard.
 */
export const sandboxPaymentEvents = pgTable(
  "sandbox_payment_events",
  {
    id: text("id").primaryKey(),
    sessionId: text("session_id").notNull(),
    /** The event's JSON as delivered, signed anew at each delivery. */
    body: text("body").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("sandbox_payment_events_due_idx").on(table.nextAttemptAt).where(sql`${table.deliveredAt} is null`)],
);

/**
 * The sandbox courier's own parcels (modules/shipping/sandbox.server.ts), kept like a courier
 * keeps them, so it can find, delete and close them as GLS would.
 */
export const sandboxParcels = pgTable(
  "sandbox_parcels",
  {
    number: text("number").primaryKey(),
    attemptKey: text("attempt_key").notNull(),
    trackingCode: text("tracking_code").notNull(),
    /** The parcel's place in its shipment, from 1. */
    position: integer("position").notNull(),
    /** What was asked, to draw the label again. */
    request: jsonb("request").notNull(),
    state: text("state", { enum: ["waiting", "closed", "deleted"] })
      .notNull()
      .default("waiting"),
    createdAt: createdAt(),
  },
  (table) => [index("sandbox_parcels_attempt_key_idx").on(table.attemptKey)],
);

// ---------------------------------------------------------------------------
// Rate limits: the counters of every limit, shared by every app instance. The columns are those
// rate-limiter-flexible's PostgreSQL store reads and writes (modules/security/rate-limit.server.ts).
// ---------------------------------------------------------------------------

export const rateLimits = pgTable(
  "rate_limits",
  {
    // "<limit name>:<SHA-256 of the key>": no e-mail address or IP is stored as it is.
    key: varchar("key", { length: 255 }).primaryKey(),
    points: integer("points").notNull().default(0),
    // Milliseconds since the epoch; the counter restarts after it.
    expire: bigint("expire", { mode: "number" }),
  },
  (table) => [index("rate_limits_expire_idx").on(table.expire)],
);

// ---------------------------------------------------------------------------
// Scheduled jobs: each run is claimed by one app instance only.
// ---------------------------------------------------------------------------

export const scheduledJobs = pgTable("scheduled_jobs", {
  name: text("name").primaryKey(),
  nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull().defaultNow(),
  lastStartedAt: timestamp("last_started_at", { withTimezone: true }),
  lastFinishedAt: timestamp("last_finished_at", { withTimezone: true }),
  lastError: text("last_error"),
});

// ---------------------------------------------------------------------------
// Newsletter and contact form
// ---------------------------------------------------------------------------

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    email: text("email").notNull().unique(),
    status: text("status", { enum: newsletterStatuses }).notNull().default("pending"),
    confirmTokenHash: text("confirm_token_hash").unique(),
    // What the visitor agreed to, from where and when (proof of the double opt-in).
    consentText: text("consent_text").notNull(),
    consentIp: text("consent_ip"),
    consentAt: timestamp("consent_at", { withTimezone: true }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    source: text("source"),
    createdAt: createdAt(),
  },
  (table) => [
    check("newsletter_subscribers_email_lowercase_check", sql`${table.email} = lower(${table.email})`),
    check("newsletter_subscribers_status_check", oneOf(table.status, newsletterStatuses)),
  ],
);

// Every newsletter e-mail carries its own unsubscribe link, so a link in an old e-mail keeps working.
export const newsletterUnsubscribeTokens = pgTable(
  "newsletter_unsubscribe_tokens",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    subscriberId: integer("subscriber_id")
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    // SHA-256 of the token in the link; the token itself is only in the e-mail.
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
  },
  (table) => [index("newsletter_unsubscribe_tokens_subscriber_id_idx").on(table.subscriberId)],
);

export const contactMessages = pgTable("contact_messages", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  ip: text("ip"),
  createdAt: createdAt(),
  // The e-mail to the shop that carries this message; its delivery state lives there.
  outgoingEmailId: integer("outgoing_email_id").references(() => outgoingEmails.id, { onDelete: "set null" }),
});

// ---------------------------------------------------------------------------
// E-mail queue: every e-mail is stored here first and sent by the mail worker,
// so an SMTP outage delays e-mail but never loses it.
// ---------------------------------------------------------------------------

export const outgoingEmails = pgTable(
  "outgoing_emails",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text("to_address").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    // Sent as the List-Unsubscribe header (one-click, RFC 8058) of newsletter e-mail.
    listUnsubscribeUrl: text("list_unsubscribe_url"),
    // The request id or job run id that queued it, as in their log lines: the worker logs it on delivery.
    queuedBy: text("queued_by"),
    // Fixed when queued and sent with every try: a copy sent again after a crash is one message to mail clients.
    messageId: text("message_id").notNull().unique(),
    // The mail worker holding the claim (its advisory lock's key), so a restarted shop can tell a
    // claim of a dead worker and send it at once rather than after the lease.
    claimedBy: integer("claimed_by"),
    status: text("status", { enum: mailStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check("outgoing_emails_status_check", oneOf(table.status, mailStatuses)),
    index("outgoing_emails_due_idx").on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
  ],
);

// ---------------------------------------------------------------------------
// Relations for db.query
// ---------------------------------------------------------------------------

export const productsRelations = relations(products, ({ many }) => ({
  variants: many(productVariants),
  images: many(productImages),
  priceHistory: many(productPriceHistory),
  reviews: many(reviews),
}));

export const productVariantsRelations = relations(productVariants, ({ one }) => ({
  product: one(products, { fields: [productVariants.productId], references: [products.id] }),
}));

export const productImagesRelations = relations(productImages, ({ one }) => ({
  product: one(products, { fields: [productImages.productId], references: [products.id] }),
}));

export const productPriceHistoryRelations = relations(productPriceHistory, ({ one }) => ({
  product: one(products, { fields: [productPriceHistory.productId], references: [products.id] }),
}));

export const reviewsRelations = relations(reviews, ({ one }) => ({
  product: one(products, { fields: [reviews.productId], references: [products.id] }),
}));

export const blogPostsRelations = relations(blogPosts, ({ many }) => ({
  comments: many(blogComments),
  ratings: many(blogRatings),
}));

export const blogCommentsRelations = relations(blogComments, ({ one }) => ({
  post: one(blogPosts, { fields: [blogComments.postId], references: [blogPosts.id] }),
}));

export const blogRatingsRelations = relations(blogRatings, ({ one }) => ({
  post: one(blogPosts, { fields: [blogRatings.postId], references: [blogPosts.id] }),
}));

export const usersRelations = relations(users, ({ one, many }) => ({
  profile: one(userProfiles),
  sessions: many(sessions),
  accounts: many(accounts),
  orders: many(orders),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export const accountsRelations = relations(accounts, ({ one }) => ({
  user: one(users, { fields: [accounts.userId], references: [users.id] }),
}));

export const userProfilesRelations = relations(userProfiles, ({ one }) => ({
  user: one(users, { fields: [userProfiles.id], references: [users.id] }),
}));

export const ordersRelations = relations(orders, ({ one, many }) => ({
  user: one(users, { fields: [orders.userId], references: [users.id] }),
  items: many(orderItems),
  stockHolds: many(stockHolds),
  payments: many(payments),
  statusChanges: many(orderStatusChanges),
  shipments: many(shipments),
  refunds: many(refunds),
  notes: many(orderNotes),
  activity: many(orderActivity),
}));

export const shipmentsRelations = relations(shipments, ({ one }) => ({
  order: one(orders, { fields: [shipments.orderId], references: [orders.id] }),
}));

export const refundsRelations = relations(refunds, ({ one }) => ({
  order: one(orders, { fields: [refunds.orderId], references: [orders.id] }),
}));

export const orderNotesRelations = relations(orderNotes, ({ one }) => ({
  order: one(orders, { fields: [orderNotes.orderId], references: [orders.id] }),
}));

export const orderActivityRelations = relations(orderActivity, ({ one }) => ({
  order: one(orders, { fields: [orderActivity.orderId], references: [orders.id] }),
}));

export const paymentsRelations = relations(payments, ({ one }) => ({
  order: one(orders, { fields: [payments.orderId], references: [orders.id] }),
}));

export const orderStatusChangesRelations = relations(orderStatusChanges, ({ one }) => ({
  order: one(orders, { fields: [orderStatusChanges.orderId], references: [orders.id] }),
}));

export const orderItemsRelations = relations(orderItems, ({ one }) => ({
  order: one(orders, { fields: [orderItems.orderId], references: [orders.id] }),
  product: one(products, { fields: [orderItems.productId], references: [products.id] }),
  variant: one(productVariants, { fields: [orderItems.variantId], references: [productVariants.id] }),
}));

export const stockHoldsRelations = relations(stockHolds, ({ one }) => ({
  order: one(orders, { fields: [stockHolds.orderId], references: [orders.id] }),
  variant: one(productVariants, { fields: [stockHolds.variantId], references: [productVariants.id] }),
}));

// ---------------------------------------------------------------------------
// Row types
// ---------------------------------------------------------------------------

export type Product = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type ProductVariant = typeof productVariants.$inferSelect;
export type NewProductVariant = typeof productVariants.$inferInsert;
export type ProductImage = typeof productImages.$inferSelect;
export type NewProductImage = typeof productImages.$inferInsert;
export type ProductPrice = typeof productPriceHistory.$inferSelect;
export type NewProductPrice = typeof productPriceHistory.$inferInsert;
export type Review = typeof reviews.$inferSelect;
export type NewReview = typeof reviews.$inferInsert;
export type BlogPost = typeof blogPosts.$inferSelect;
export type NewBlogPost = typeof blogPosts.$inferInsert;
export type BlogComment = typeof blogComments.$inferSelect;
export type NewBlogComment = typeof blogComments.$inferInsert;
export type BlogRating = typeof blogRatings.$inferSelect;
export type NewBlogRating = typeof blogRatings.$inferInsert;
export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type Account = typeof accounts.$inferSelect;
export type Verification = typeof verifications.$inferSelect;
export type UserProfile = typeof userProfiles.$inferSelect;
export type NewUserProfile = typeof userProfiles.$inferInsert;
export type Order = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderItem = typeof orderItems.$inferSelect;
export type NewOrderItem = typeof orderItems.$inferInsert;
export type StockHold = typeof stockHolds.$inferSelect;
export type NewStockHold = typeof stockHolds.$inferInsert;
export type Payment = typeof payments.$inferSelect;
export type OrderStatusChange = typeof orderStatusChanges.$inferSelect;
export type CheckoutSession = typeof checkoutSessions.$inferSelect;
export type Coupon = typeof coupons.$inferSelect;
export type NewCoupon = typeof coupons.$inferInsert;
export type NewsletterSubscriber = typeof newsletterSubscribers.$inferSelect;
export type NewNewsletterSubscriber = typeof newsletterSubscribers.$inferInsert;
export type NewsletterUnsubscribeToken = typeof newsletterUnsubscribeTokens.$inferSelect;
export type ContactMessage = typeof contactMessages.$inferSelect;
export type NewContactMessage = typeof contactMessages.$inferInsert;
