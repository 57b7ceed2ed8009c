-- What a committed change to the catalogue says (migration 0018 sent an empty notification for
-- every change, and each process forgot every page): "catalogue" when it was to products, their
-- variants, images or price history, so each process keeps the pages that show no product (the
-- blog, the shop's own pages). A guest sees of a variant's stock only whether it is sold out, down
-- to its last piece ('Ultimo pezzo disponibile') or more: an update of variants notifies
-- "catalogue:<product id>,…" naming the products whose variants changed in what a guest sees, and
-- nothing at all when none did (a sale taking 1 of 7 pieces). The checkout reads stock and prices
-- from the database itself, never from a page. Other tables still notify with an empty payload:
-- every page is forgotten.
CREATE OR REPLACE FUNCTION notify_storefront_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('storefront_changed', coalesce(TG_ARGV[0], ''));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION notify_storefront_variants_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  -- Stock is never below 0 (a check constraint): least(stock, 2) is 0, 1 or "more".
  SELECT string_agg(DISTINCT touched.product_id::text, ',') INTO changed
  FROM old_variants o
  FULL JOIN new_variants n ON n.id = o.id
  CROSS JOIN LATERAL (VALUES (o.product_id), (n.product_id)) AS touched(product_id)
  WHERE touched.product_id IS NOT NULL
    AND (o.id IS NULL OR n.id IS NULL
      OR to_jsonb(o) - 'stock' IS DISTINCT FROM to_jsonb(n) - 'stock'
      OR least(o.stock, 2) <> least(n.stock, 2));
  IF changed IS NOT NULL THEN
    -- A notification's payload holds under 8000 bytes: past that, the whole catalogue.
    PERFORM pg_notify('storefront_changed', CASE WHEN length(changed) < 7000 THEN 'catalogue:' || changed ELSE 'catalogue' END);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER storefront_changed ON "products";
--> statement-breakpoint
CREATE TRIGGER storefront_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_changed('catalogue');
--> statement-breakpoint
DROP TRIGGER storefront_changed ON "product_images";
--> statement-breakpoint
CREATE TRIGGER storefront_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_images" FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_changed('catalogue');
--> statement-breakpoint
DROP TRIGGER storefront_changed ON "product_price_history";
--> statement-breakpoint
CREATE TRIGGER storefront_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_price_history" FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_changed('catalogue');
--> statement-breakpoint
DROP TRIGGER storefront_changed ON "product_variants";
--> statement-breakpoint
CREATE TRIGGER storefront_changed AFTER INSERT OR DELETE OR TRUNCATE ON "product_variants" FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_changed('catalogue');
--> statement-breakpoint
CREATE TRIGGER storefront_variants_updated AFTER UPDATE ON "product_variants" REFERENCING OLD TABLE AS old_variants NEW TABLE AS new_variants FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_variants_updated();
