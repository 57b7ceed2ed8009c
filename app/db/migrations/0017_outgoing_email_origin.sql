-- The request (or scheduled job run) that queued each e-mail, by the id its log lines carry, so the
-- mail worker's delivery lines can be followed back to it.
ALTER TABLE "outgoing_emails" ADD COLUMN "queued_by" text;