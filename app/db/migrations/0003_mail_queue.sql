CREATE TABLE "outgoing_emails" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outgoing_emails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"to_address" text NOT NULL,
	"reply_to" text,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outgoing_emails_status_check" CHECK ("outgoing_emails"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "contact_messages" DROP CONSTRAINT "contact_messages_mail_status_check";--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "outgoing_email_id" integer;--> statement-breakpoint
CREATE INDEX "outgoing_emails_due_idx" ON "outgoing_emails" USING btree ("next_attempt_at") WHERE "outgoing_emails"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_outgoing_email_id_outgoing_emails_id_fk" FOREIGN KEY ("outgoing_email_id") REFERENCES "public"."outgoing_emails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" DROP COLUMN "mail_status";--> statement-breakpoint
ALTER TABLE "contact_messages" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "contact_messages" DROP COLUMN "last_error";--> statement-breakpoint
ALTER TABLE "contact_messages" DROP COLUMN "sent_at";