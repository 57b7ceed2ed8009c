-- Products can be archived (taken off sale, kept for their orders): the storefront's listing indexes
-- become partial on archived_at is null, so listing queries stay index-only scans.
DROP INDEX "products_created_at_id_idx";--> statement-breakpoint
DROP INDEX "products_price_asc_idx";--> statement-breakpoint
DROP INDEX "products_price_desc_idx";--> statement-breakpoint
DROP INDEX "products_listing_filters_idx";--> statement-breakpoint
DROP INDEX "products_outlet_idx";--> statement-breakpoint
DROP INDEX "products_new_collection_idx";--> statement-breakpoint
DROP INDEX "products_new_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "products_created_at_id_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_price_asc_idx" ON "products" USING btree (coalesce("price_cents", 2147483647),"id") WHERE "archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_price_desc_idx" ON "products" USING btree (coalesce("price_cents", -1),"id") WHERE "archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_listing_filters_idx" ON "products" USING btree ("gender","subcategory","price_cents","brand") WHERE "archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_outlet_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."is_outlet" and "archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_new_collection_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."is_new_collection" and "archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_new_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."is_new" and "archived_at" is null;