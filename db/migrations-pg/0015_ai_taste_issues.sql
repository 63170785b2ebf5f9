CREATE TABLE "ai_taste_issues" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"month" text NOT NULL,
	"publication_id" text NOT NULL,
	"current_of" text,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_taste_issues" ADD CONSTRAINT "ai_taste_issues_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_taste_issues" ADD CONSTRAINT "ai_taste_issues_current_of_publications_id_fk" FOREIGN KEY ("current_of") REFERENCES "public"."publications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_taste_issues_month_idx" ON "ai_taste_issues" USING btree ("user_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_taste_issues_current_unique" ON "ai_taste_issues" USING btree ("user_id","current_of");