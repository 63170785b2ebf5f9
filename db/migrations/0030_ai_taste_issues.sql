CREATE TABLE `ai_taste_issues` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`month` text NOT NULL,
	`publication_id` text NOT NULL,
	`current_of` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`current_of`) REFERENCES `publications`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `ai_taste_issues_month_idx` ON `ai_taste_issues` (`user_id`,`month`);--> statement-breakpoint
CREATE UNIQUE INDEX `ai_taste_issues_current_unique` ON `ai_taste_issues` (`user_id`,`current_of`);