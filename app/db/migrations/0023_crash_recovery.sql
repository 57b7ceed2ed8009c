-- What a crash must not lose or repeat (README "Faults"): the sandbox's webhook events, kept until the
-- shop acknowledges them as Stripe keeps its own; each e-mail's Message-ID, fixed when it is queued,
-- so a copy sent again after a crash is one message to mail clients; and which mail worker holds a
-- claim, so a restarted shop sends the claims of its dead worker at once.
CREATE TABLE "sandbox_payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"body" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sandbox_payment_events_due_idx" ON "sandbox_payment_events" USING btree ("next_attempt_at") WHERE "sandbox_payment_events"."delivered_at" is null;--> statement-breakpoint
ALTER TABLE "outgoing_emails" ADD COLUMN "message_id" text;--> statement-breakpoint
-- E-mails queued before this version get one now (the app gives new ones the shop's own domain).
UPDATE "outgoing_emails" SET "message_id" = '<' || gen_random_uuid() || '@vetrina.local>';--> statement-breakpoint
ALTER TABLE "outgoing_emails" ALTER COLUMN "message_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "outgoing_emails" ADD CONSTRAINT "outgoing_emails_message_id_unique" UNIQUE("message_id");--> statement-breakpoint
ALTER TABLE "outgoing_emails" ADD COLUMN "claimed_by" integer;
