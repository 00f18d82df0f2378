ALTER TABLE "booking_logs" ADD COLUMN "service_name" text;--> statement-breakpoint
ALTER TABLE "openings" ADD COLUMN "regular_price" double precision;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "pinned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "deposit_type" text;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "deposit_value" double precision;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "cancellation_notice_hours" smallint;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "policy_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "openings_reduced_start_idx" ON "openings" USING btree ("start_time","id") WHERE "openings"."is_active" AND "openings"."regular_price" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_logs" ADD CONSTRAINT "booking_logs_service_name_length" CHECK (char_length("booking_logs"."service_name") <= 100);--> statement-breakpoint
ALTER TABLE "openings" ADD CONSTRAINT "openings_regular_price" CHECK ("openings"."regular_price" IS NULL OR ("openings"."regular_price" > 0 AND "openings"."price" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD CONSTRAINT "provider_profiles_policies" CHECK (("provider_profiles"."deposit_type" IS NULL) = ("provider_profiles"."deposit_value" IS NULL) AND ("provider_profiles"."deposit_type" IS NULL OR "provider_profiles"."deposit_type" IN ('amount', 'percent')) AND ("provider_profiles"."deposit_value" IS NULL OR "provider_profiles"."deposit_value" > 0) AND ("provider_profiles"."deposit_type" IS DISTINCT FROM 'percent' OR "provider_profiles"."deposit_value" <= 100) AND ("provider_profiles"."cancellation_notice_hours" IS NULL OR "provider_profiles"."cancellation_notice_hours" BETWEEN 0 AND 720) AND char_length("provider_profiles"."policy_text") <= 500);