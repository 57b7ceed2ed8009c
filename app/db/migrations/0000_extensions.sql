-- Extensions the tables and search need; they must exist before 0001 creates the trigram index.
-- Both are "trusted" since PostgreSQL 13, so a database owner without superuser can create them.
-- gen_random_uuid() is core since PostgreSQL 13: no pgcrypto needed.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
