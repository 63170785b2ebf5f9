CREATE TABLE "recurring_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"schedule_id" text NOT NULL,
	"user_id" text NOT NULL,
	"publication_id" text NOT NULL,
	"period" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"subject" text,
	"articles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"content" jsonb,
	"newsletter_id" text,
	"send_id" text,
	"engine" text,
	"approve_token_hash" text,
	"approve_expires_at" timestamp (3) with time zone,
	"auto_send_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recurring_schedules" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"publication_id" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"frequency" text NOT NULL,
	"weekdays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"day_of_month" bigint DEFAULT 1 NOT NULL,
	"time" text NOT NULL,
	"time_zone" text NOT NULL,
	"channels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"story_count" bigint NOT NULL,
	"min_new_stories" bigint NOT NULL,
	"mode" text NOT NULL,
	"auto_send_after_hours" bigint,
	"model" text,
	"next_run_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recurring_runs" ADD CONSTRAINT "recurring_runs_schedule_id_recurring_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."recurring_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_runs" ADD CONSTRAINT "recurring_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_runs" ADD CONSTRAINT "recurring_runs_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_schedules" ADD CONSTRAINT "recurring_schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_schedules" ADD CONSTRAINT "recurring_schedules_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recurring_runs_period_unique" ON "recurring_runs" USING btree ("schedule_id","period");--> statement-breakpoint
CREATE INDEX "recurring_runs_publication_idx" ON "recurring_runs" USING btree ("publication_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "recurring_schedules_publication_unique" ON "recurring_schedules" USING btree ("publication_id");--> statement-breakpoint
CREATE INDEX "recurring_schedules_due_idx" ON "recurring_schedules" USING btree ("enabled","next_run_at");