-- Two-factor authentication (better-auth's twoFactor plugin), required for admins: its table and
-- the users column it reads.
CREATE TABLE "two_factors" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"verified" boolean DEFAULT true NOT NULL,
	"failed_verification_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "two_factors_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "two_factor_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "two_factors" ADD CONSTRAINT "two_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint

-- A new password, however it is set (a reset link, `npm run user:admin`, SQL by hand), voids what
-- was issued for the old one: the account's unused reset links and pending two-factor login
-- challenges. better-auth keeps both in verifications, under a hashed identifier, with the user id
-- as value.
CREATE FUNCTION accounts_end_password_links() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.password IS NOT DISTINCT FROM OLD.password THEN
    RETURN NULL;
  END IF;
  DELETE FROM verifications WHERE value = NEW.user_id;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE TRIGGER accounts_password_changed
  AFTER INSERT OR UPDATE OF password ON accounts
  FOR EACH ROW EXECUTE FUNCTION accounts_end_password_links();
