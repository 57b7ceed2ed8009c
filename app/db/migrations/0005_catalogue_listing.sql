-- Catalogue listing (app/modules/catalog/listing.server.ts): price-sorted keyset pages read in index order,
-- products without a price last; colour and size filters answered from (value, product_id) indexes.
DROP INDEX "product_variants_color_name_idx";--> statement-breakpoint
DROP INDEX "product_variants_size_idx";--> statement-breakpoint
DROP INDEX "products_price_id_idx";--> statement-breakpoint
CREATE INDEX "product_variants_color_product_idx" ON "product_variants" USING btree ("color_name","product_id");--> statement-breakpoint
CREATE INDEX "product_variants_size_product_idx" ON "product_variants" USING btree ("size","product_id");--> statement-breakpoint
CREATE INDEX "products_price_asc_idx" ON "products" USING btree (coalesce("price_cents", 2147483647),"id");--> statement-breakpoint
CREATE INDEX "products_price_desc_idx" ON "products" USING btree (coalesce("price_cents", -1),"id");