CREATE TABLE "user_checklist" (
	"user_id" text PRIMARY KEY NOT NULL,
	"test_sent_at" timestamp (3) with time zone,
	"signup_shared_at" timestamp (3) with time zone,
	"dismissed_at" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_checklist" ADD CONSTRAINT "user_checklist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;