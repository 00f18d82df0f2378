ALTER TABLE "openings" ADD COLUMN "time_zone" text DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
-- Openings written before this migration: their provider's chosen zone where there is one (the zip's
-- zone is looked up by the application, not here; those openings are at most 60 days ahead).
UPDATE "openings" o SET "time_zone" = p."time_zone" FROM "provider_profiles" p WHERE p."user_id" = o."provider_id" AND p."time_zone" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "openings_text_idx" ON "openings" USING gin (to_tsvector('english', "service_type" || ' ' || coalesce("note", '')));