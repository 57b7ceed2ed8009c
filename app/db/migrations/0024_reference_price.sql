-- A reduced price is two prices: the sale price and the reference price crossed out beside it. The
-- percentage was a third field that could disagree with them (29,90 from 39,90 shown as -50%, a
-- misleading price under the Codice del Consumo); it is now worked out from the two wherever it is
-- shown (app/modules/catalog/crossed-out-price.ts). A reference price that is not above the sale
-- price, or stands beside no price, announces no reduction: it goes, and the check keeps it so.
UPDATE "products" SET "original_price_cents" = NULL
  WHERE "original_price_cents" IS NOT NULL
    AND ("price_cents" IS NULL OR "original_price_cents" <= "price_cents" OR "discount_percentage" = 0);--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_discount_check";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_original_price_check";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "discount_percentage";--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_original_price_check" CHECK ("products"."original_price_cents" is null or ("products"."price_cents" is not null and "products"."original_price_cents" > "products"."price_cents"));
