CREATE TABLE "catalogue_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
-- One version for everything the public sees. Every write that changes a public reply
-- bumps it in its own transaction (so a rollback takes the bump back) and NOTIFYs the new value
-- on commit; each server instance keys its cached replies by it (ADR 014). Writes are
-- serialized on this row until commit: fine at a marketplace's write rate, and it orders the bumps.
ALTER TABLE catalogue_version ADD CONSTRAINT catalogue_version_one_row CHECK (id = 1);
--> statement-breakpoint
INSERT INTO catalogue_version (id, version) VALUES (1, 1);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogue_bump_version() RETURNS void LANGUAGE plpgsql AS $$
DECLARE v bigint;
BEGIN
  UPDATE catalogue_version SET version = version + 1 WHERE id = 1 RETURNING version INTO v;
  PERFORM pg_notify('catalogue_version', v::text);
END $$;
--> statement-breakpoint
-- A statement that changed no row (an UPDATE whose WHERE matched nothing, as background jobs send)
-- bumps nothing: the transition tables say what changed.
CREATE OR REPLACE FUNCTION catalogue_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One query per branch: each names only the transition table its event has.
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM catalogue_bump_version();
  ELSIF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM old_rows) THEN PERFORM catalogue_bump_version(); END IF;
  ELSIF EXISTS (SELECT 1 FROM new_rows) THEN
    PERFORM catalogue_bump_version();
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Statement-level: a bulk write (seed, rebuild) bumps once, not once per row.
CREATE TRIGGER provider_profiles_catalogue AFTER INSERT ON provider_profiles REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_bump();
--> statement-breakpoint
CREATE TRIGGER provider_profiles_catalogue_update AFTER UPDATE ON provider_profiles REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_bump();
--> statement-breakpoint
CREATE TRIGGER provider_profiles_catalogue_delete AFTER DELETE ON provider_profiles REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_bump();
--> statement-breakpoint
CREATE TRIGGER provider_profiles_catalogue_truncate AFTER TRUNCATE ON provider_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_bump();
--> statement-breakpoint
CREATE TRIGGER openings_catalogue AFTER INSERT ON openings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_bump();
--> statement-breakpoint
CREATE TRIGGER openings_catalogue_update AFTER UPDATE ON openings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_bump();
--> statement-breakpoint
CREATE TRIGGER openings_catalogue_delete AFTER DELETE ON openings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_bump();
--> statement-breakpoint
CREATE TRIGGER openings_catalogue_truncate AFTER TRUNCATE ON openings
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_bump();
--> statement-breakpoint
CREATE TRIGGER reviews_catalogue AFTER INSERT ON reviews REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_bump();
--> statement-breakpoint
CREATE TRIGGER reviews_catalogue_update AFTER UPDATE ON reviews REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_bump();
--> statement-breakpoint
CREATE TRIGGER reviews_catalogue_delete AFTER DELETE ON reviews REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_bump();
--> statement-breakpoint
CREATE TRIGGER reviews_catalogue_truncate AFTER TRUNCATE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_bump();
--> statement-breakpoint
-- users changes all the time (logins, tokens, alert settings): only a change the public can see
-- bumps: a listed user's name, slug, picture or kind, or the listing itself.
CREATE OR REPLACE FUNCTION catalogue_bump_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.listed OR n.listed)
        AND (o.name, o.routing_slug, o.avatar_url, o.user_type, o.listed)
          IS DISTINCT FROM (n.name, n.routing_slug, n.avatar_url, n.user_type, n.listed)
    ) THEN RETURN NULL; END IF;
  ELSIF NOT EXISTS (SELECT 1 FROM old_rows WHERE listed) THEN
    RETURN NULL;
  END IF;
  PERFORM catalogue_bump_version();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_catalogue_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_bump_users();
--> statement-breakpoint
CREATE TRIGGER users_catalogue_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_bump_users();
