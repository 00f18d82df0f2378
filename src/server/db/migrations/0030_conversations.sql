CREATE TABLE "blocked_clients" (
	"provider_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocked_clients_provider_id_client_id_pk" PRIMARY KEY("provider_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "message_reply_times" (
	"provider_id" uuid NOT NULL,
	"thread_id" uuid NOT NULL,
	"replied_at" timestamp with time zone NOT NULL,
	"minutes" integer NOT NULL,
	CONSTRAINT "message_reply_times_provider_id_replied_at_thread_id_pk" PRIMARY KEY("provider_id","replied_at","thread_id"),
	CONSTRAINT "message_reply_times_minutes" CHECK ("message_reply_times"."minutes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "message_reports" (
	"message_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"details" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_reports_message_id_reporter_id_pk" PRIMARY KEY("message_id","reporter_id"),
	CONSTRAINT "message_reports_lengths" CHECK (char_length("message_reports"."reason") <= 40 and char_length(coalesce("message_reports"."details", '')) <= 500)
);
--> statement-breakpoint
CREATE TABLE "message_threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid,
	"provider_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sender_side" text NOT NULL,
	"awaiting_reply_since" timestamp with time zone,
	"client_read_at" timestamp with time zone,
	"provider_read_at" timestamp with time zone,
	"client_notified_at" timestamp with time zone,
	"provider_notified_at" timestamp with time zone,
	"client_notify_due_at" timestamp with time zone,
	"provider_notify_due_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thread_id" uuid NOT NULL,
	"sender_id" uuid,
	"sender_side" text NOT NULL,
	"body" text NOT NULL,
	"via" text DEFAULT 'app' NOT NULL,
	"notice" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_by" uuid,
	"warned_at" timestamp with time zone,
	CONSTRAINT "messages_body_length" CHECK (char_length("messages"."body") between 1 and 5000),
	CONSTRAINT "messages_notice_length" CHECK (char_length(coalesce("messages"."notice", '')) <= 200)
);
--> statement-breakpoint
CREATE TABLE "saved_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_replies_lengths" CHECK (char_length("saved_replies"."title") between 1 and 60 and char_length("saved_replies"."body") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "blocked_clients" ADD CONSTRAINT "blocked_clients_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocked_clients" ADD CONSTRAINT "blocked_clients_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reply_times" ADD CONSTRAINT "message_reply_times_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reply_times" ADD CONSTRAINT "message_reply_times_thread_id_message_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."message_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reports" ADD CONSTRAINT "message_reports_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reports" ADD CONSTRAINT "message_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_thread_id_message_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."message_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_replies" ADD CONSTRAINT "saved_replies_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocked_clients_client_idx" ON "blocked_clients" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "message_reply_times_thread_idx" ON "message_reply_times" USING btree ("thread_id");--> statement-breakpoint
CREATE INDEX "message_reports_created_idx" ON "message_reports" USING btree ("created_at" DESC NULLS LAST,"message_id");--> statement-breakpoint
CREATE INDEX "message_reports_reporter_idx" ON "message_reports" USING btree ("reporter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_threads_pair_idx" ON "message_threads" USING btree ("client_id","provider_id");--> statement-breakpoint
CREATE INDEX "message_threads_client_idx" ON "message_threads" USING btree ("client_id","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "message_threads_provider_idx" ON "message_threads" USING btree ("provider_id","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "message_threads_awaiting_idx" ON "message_threads" USING btree ("provider_id","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "message_threads"."awaiting_reply_since" is not null;--> statement-breakpoint
CREATE INDEX "message_threads_client_due_idx" ON "message_threads" USING btree ("client_notify_due_at") WHERE "message_threads"."client_notify_due_at" is not null;--> statement-breakpoint
CREATE INDEX "message_threads_provider_due_idx" ON "message_threads" USING btree ("provider_notify_due_at") WHERE "message_threads"."provider_notify_due_at" is not null;--> statement-breakpoint
CREATE INDEX "messages_thread_created_idx" ON "messages" USING btree ("thread_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_sender_idx" ON "messages" USING btree ("sender_id") WHERE "messages"."sender_id" is not null;--> statement-breakpoint
CREATE INDEX "messages_hidden_idx" ON "messages" USING btree ("hidden_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "messages"."hidden_at" is not null;--> statement-breakpoint
CREATE INDEX "saved_replies_provider_idx" ON "saved_replies" USING btree ("provider_id","created_at");