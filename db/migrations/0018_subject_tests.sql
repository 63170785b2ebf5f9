ALTER TABLE `issue_sends` ADD `subject_test` text;--> statement-breakpoint
ALTER TABLE `issue_sends` ADD `test_ends_at` integer;--> statement-breakpoint
ALTER TABLE `issue_sends` ADD `test_winner` text;--> statement-breakpoint
ALTER TABLE `send_recipients` ADD `variant` integer;