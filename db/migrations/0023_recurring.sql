CREATE TABLE `recurring_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`schedule_id` text NOT NULL,
	`user_id` text NOT NULL,
	`publication_id` text NOT NULL,
	`period` text NOT NULL,
	`status` text NOT NULL,
	`reason` text,
	`subject` text,
	`articles` text DEFAULT '[]' NOT NULL,
	`content` text,
	`newsletter_id` text,
	`send_id` text,
	`engine` text,
	`approve_token_hash` text,
	`approve_expires_at` integer,
	`auto_send_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`schedule_id`) REFERENCES `recurring_schedules`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`publication_id`) REFERENCES `publications`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `recurring_runs_period_unique` ON `recurring_runs` (`schedule_id`,`period`);--> statement-breakpoint
CREATE INDEX `recurring_runs_publication_idx` ON `recurring_runs` (`publication_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `recurring_schedules` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`publication_id` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`frequency` text NOT NULL,
	`weekdays` text DEFAULT '[]' NOT NULL,
	`day_of_month` integer DEFAULT 1 NOT NULL,
	`time` text NOT NULL,
	`time_zone` text NOT NULL,
	`channels` text DEFAULT '[]' NOT NULL,
	`story_count` integer NOT NULL,
	`min_new_stories` integer NOT NULL,
	`mode` text NOT NULL,
	`auto_send_after_hours` integer,
	`model` text,
	`next_run_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`publication_id`) REFERENCES `publications`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `recurring_schedules_publication_unique` ON `recurring_schedules` (`publication_id`);--> statement-breakpoint
CREATE INDEX `recurring_schedules_due_idx` ON `recurring_schedules` (`enabled`,`next_run_at`);