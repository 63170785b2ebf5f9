ALTER TABLE "issue_sends" ADD COLUMN "subject_test" jsonb;--> statement-breakpoint
ALTER TABLE "issue_sends" ADD COLUMN "test_ends_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "issue_sends" ADD COLUMN "test_winner" jsonb;--> statement-breakpoint
ALTER TABLE "send_recipients" ADD COLUMN "variant" bigint;