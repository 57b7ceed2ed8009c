ALTER TABLE "orders" ADD COLUMN "checkout_attempt" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "placed_from" text;--> statement-breakpoint
CREATE INDEX "orders_lower_email_idx" ON "orders" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "orders_placed_from_idx" ON "orders" USING btree ("placed_from") WHERE "orders"."placed_from" IS NOT NULL;--> statement-breakpoint
-- A discount code's use is now taken when the order is placed, and given back when an unpaid order
-- ends; it used to be counted at payment. Orders awaiting their payment at the upgrade take theirs
-- here, so that ending them gives back a use they hold.
UPDATE "coupons" SET "used_count" = "coupons"."used_count" + "awaiting"."orders"
FROM (
  SELECT "coupon_code", count(*)::integer AS "orders" FROM "orders"
  WHERE "status" = 'pending_payment' AND "coupon_code" IS NOT NULL
  GROUP BY "coupon_code"
) AS "awaiting"
WHERE "coupons"."code" = "awaiting"."coupon_code";
