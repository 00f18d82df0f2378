CREATE TABLE "form_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"type" text NOT NULL,
	"name" text,
	"email" text,
	"subject" text,
	"message" text,
	"urgency" text,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_submissions_kind_check" CHECK ("form_submissions"."kind" in ('feedback', 'investor')),
	CONSTRAINT "form_submissions_lengths" CHECK (char_length(coalesce("form_submissions"."message", '')) <= 5000 and char_length(coalesce("form_submissions"."subject", '')) <= 200 and char_length(coalesce("form_submissions"."name", '')) <= 100)
);
--> statement-breakpoint
CREATE INDEX "form_submissions_created_idx" ON "form_submissions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);