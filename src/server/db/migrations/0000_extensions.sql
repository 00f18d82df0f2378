-- Extensions used by search (trigram typo tolerance, zip radius). On a PostgreSQL server,
-- earthdistance needs a superuser once (see README); IF NOT EXISTS makes this a no-op afterwards.
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
