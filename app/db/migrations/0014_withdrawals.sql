-- Withdrawals (the online withdrawal function, art. 54-bis Codice del Consumo) and returns: the
-- requests, their items with staff's decisions, and which products carry a hygiene seal.
CREATE TABLE "withdrawal_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawal_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"request_id" uuid NOT NULL,
	"order_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"decision" text DEFAULT 'pending' NOT NULL,
	"refusal_reason" text,
	"restocked_at" timestamp with time zone,
	CONSTRAINT "withdrawal_items_request_item_unique" UNIQUE("request_id","order_item_id"),
	CONSTRAINT "withdrawal_items_quantity_check" CHECK ("withdrawal_items"."quantity" > 0),
	CONSTRAINT "withdrawal_items_decision_check" CHECK ("withdrawal_items"."decision" in ('pending', 'accepted', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "withdrawal_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"whole_order" boolean NOT NULL,
	"state" text DEFAULT 'received' NOT NULL,
	"refunded_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawal_requests_state_check" CHECK ("withdrawal_requests"."state" in ('received', 'goods_received', 'refunded', 'partially_refused', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "order_activity" DROP CONSTRAINT "order_activity_kind_check";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hygiene_sealed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawal_items" ADD CONSTRAINT "withdrawal_items_request_id_withdrawal_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."withdrawal_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_items" ADD CONSTRAINT "withdrawal_items_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD CONSTRAINT "withdrawal_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD CONSTRAINT "withdrawal_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawal_requests_order_id_idx" ON "withdrawal_requests" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "withdrawal_requests_state_created_at_idx" ON "withdrawal_requests" USING btree ("state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_requests_open_order_unique" ON "withdrawal_requests" USING btree ("order_id") WHERE "withdrawal_requests"."state" in ('received', 'goods_received');--> statement-breakpoint
ALTER TABLE "order_activity" ADD CONSTRAINT "order_activity_kind_check" CHECK ("order_activity"."kind" in ('carrier', 'email', 'refund', 'staff', 'warning', 'withdrawal'));--> statement-breakpoint
-- Products already in the catalogue: those worn against the skin carry the seal (as the demo data does).
UPDATE "products" SET "hygiene_sealed" = true WHERE "subcategory" IN ('slip', 'culotte', 'panty', 'reggiseno', 'bikini', 'intero', 'modellatore');
