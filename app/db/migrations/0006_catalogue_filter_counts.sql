-- Counting a filtered catalogue list (gender, subcategory, price, brand) from one covering index,
-- without visiting the wide product rows; it also serves every lookup the old (gender, subcategory) index did.
DROP INDEX "products_gender_subcategory_idx";--> statement-breakpoint
CREATE INDEX "products_listing_filters_idx" ON "products" USING btree ("gender","subcategory","price_cents","brand");