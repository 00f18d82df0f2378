ALTER TABLE "form_submissions" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "time_zone" text;--> statement-breakpoint
CREATE INDEX "form_submissions_handled_created_idx" ON "form_submissions" USING btree ("handled_at","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);