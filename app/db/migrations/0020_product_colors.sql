-- Each product's colours, and its colour-and-size pairs, kept on the product row beside its sizes
-- (0019): a list filtered by colour is then counted from the products alone. Counting through the
-- variants was a semi-join over every variant of that colour (4 ms for "Nero" among 10,000 products).
ALTER TABLE "products" ADD COLUMN "colors" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "color_sizes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint

-- One trigger keeps all three lists. A pair is the colour and the size joined by the unit separator
-- (chr(31)), which no name contains: "Nero in M" must meet on one variant, and sizes like "S/M"
-- rule out a visible separator. app/modules/catalog/listing.server.ts builds the same key.
DROP TRIGGER products_sizes_refresh ON products;--> statement-breakpoint
DROP FUNCTION products_sizes_refresh();--> statement-breakpoint

CREATE FUNCTION products_variants_summary_refresh() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  SELECT coalesce(array_agg(DISTINCT size ORDER BY size), '{}'),
         coalesce(array_agg(DISTINCT color_name ORDER BY color_name), '{}'),
         coalesce(array_agg(DISTINCT color_name || chr(31) || size ORDER BY color_name || chr(31) || size), '{}')
    INTO NEW.sizes, NEW.colors, NEW.color_sizes
    FROM product_variants
    WHERE product_id = NEW.id;
  RETURN NEW;
END
$$;--> statement-breakpoint

-- The variant triggers of 0002 and 0019 already update the product whenever its variants are added,
-- removed, recoloured, resized or moved; stock updates cost nothing.
CREATE TRIGGER products_variants_summary_refresh
  BEFORE INSERT OR UPDATE ON products
  FOR EACH ROW EXECUTE FUNCTION products_variants_summary_refresh();--> statement-breakpoint

UPDATE "products" SET "colors" = '{}';--> statement-breakpoint

-- The covering index of 0019 now carries the colours too, so a count filtered by colour reads this
-- index alone. The pairs stay out of it: ~40 per product, they would make every entry several times
-- larger and every count slower. A colour-and-size filter finds its rows through their own index.
DROP INDEX "products_sizes_filters_idx";--> statement-breakpoint
CREATE INDEX "products_filters_idx" ON "products" USING btree ("brand","gender","subcategory","price_cents") INCLUDE ("sizes","colors") WHERE "archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_color_sizes_idx" ON "products" USING gin ("color_sizes") WHERE "archived_at" is null;
