CREATE TABLE "insight_counted_tokens" (
	"nonce" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insight_favorite_firsts" (
	"client_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	CONSTRAINT "insight_favorite_firsts_client_id_provider_id_pk" PRIMARY KEY("client_id","provider_id")
);
--> statement-breakpoint
ALTER TABLE "insight_favorite_firsts" ADD CONSTRAINT "insight_favorite_firsts_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_favorite_firsts" ADD CONSTRAINT "insight_favorite_firsts_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insight_counted_tokens_expires_at_idx" ON "insight_counted_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "insight_favorite_firsts_provider_idx" ON "insight_favorite_firsts" USING btree ("provider_id");--> statement-breakpoint
-- Favourites saved before this migration were counted when they were saved: a save, unsave and save
-- again of one of them must not count a second time.
INSERT INTO "insight_favorite_firsts" ("client_id", "provider_id")
SELECT "user_id", "provider_id" FROM "favorites" ON CONFLICT DO NOTHING;
