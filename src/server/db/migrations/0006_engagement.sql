CREATE TABLE "booking_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_logs_url_length" CHECK (char_length("booking_logs"."url") <= 2048)
);
--> statement-breakpoint
CREATE TABLE "favorite_services" (
	"user_id" uuid NOT NULL,
	"service_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_services_user_id_service_name_pk" PRIMARY KEY("user_id","service_name"),
	CONSTRAINT "favorite_services_name_length" CHECK (char_length("favorite_services"."service_name") <= 60)
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"user_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_id_provider_id_pk" PRIMARY KEY("user_id","provider_id")
);
--> statement-breakpoint
DROP INDEX "search_logs_created_idx";--> statement-breakpoint
ALTER TABLE "booking_logs" ADD CONSTRAINT "booking_logs_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_logs" ADD CONSTRAINT "booking_logs_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_services" ADD CONSTRAINT "favorite_services_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_logs_provider_created_idx" ON "booking_logs" USING btree ("provider_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "booking_logs_created_idx" ON "booking_logs" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "booking_logs_client_provider_idx" ON "booking_logs" USING btree ("client_id","provider_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "favorites_user_created_idx" ON "favorites" USING btree ("user_id","created_at" DESC NULLS LAST,"provider_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "favorites_provider_idx" ON "favorites" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "search_logs_created_id_idx" ON "search_logs" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);