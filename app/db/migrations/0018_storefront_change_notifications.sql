-- Every committed change to what a guest's page shows (catalogue, stock, prices, images, reviews,
-- blog, settings, coupons) sends one NOTIFY on 'storefront_changed', whichever code path or tool
-- made it: each process of each instance drops its copies of guest pages, facets and settings at
-- once (server/guest-page-cache.ts). Statement-level, and PostgreSQL folds the notifications of one
-- transaction into one, so a bulk import costs one notification.
CREATE FUNCTION notify_storefront_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('storefront_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER storefront_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_changed();
--> statement-breakpoint
CREATE TRIGGER storefront_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_variants" FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_changed();
--> statement-breakpoint
CREATE TRIGGER storefront_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_images" FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_changed();
--> statement-breakpoint
CREATE TRIGGER storefront_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_price_history" FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_changed();
--> statement-breakpoint
CREATE TRIGGER storefront_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reviews" FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_changed();
--> statement-breakpoint
CREATE TRIGGER storefront_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "blog_posts" FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_changed();
--> statement-breakpoint
CREATE TRIGGER storefront_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "blog_comments" FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_changed();
--> statement-breakpoint
CREATE TRIGGER storefront_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "blog_ratings" FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_changed();
--> statement-breakpoint
CREATE TRIGGER storefront_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "shop_settings" FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_changed();
--> statement-breakpoint
CREATE TRIGGER storefront_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "coupons" FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_changed();
