CREATE TABLE `reader_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`publication_id` text NOT NULL,
	`subscriber_id` text NOT NULL,
	`kind` text NOT NULL,
	`source` text NOT NULL,
	`detail` text,
	`at` integer NOT NULL,
	FOREIGN KEY (`publication_id`) REFERENCES `publications`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `reader_events_publication_kind_at_idx` ON `reader_events` (`publication_id`,`kind`,`at`);--> statement-breakpoint
CREATE INDEX `reader_events_subscriber_at_idx` ON `reader_events` (`subscriber_id`,`at`);--> statement-breakpoint
CREATE TABLE `reader_settings` (
	`publication_id` text PRIMARY KEY NOT NULL,
	`welcome_enabled` integer DEFAULT false NOT NULL,
	`welcome_subject` text DEFAULT '' NOT NULL,
	`welcome_markdown` text DEFAULT '' NOT NULL,
	`sequence` text DEFAULT '[]' NOT NULL,
	`topics` text DEFAULT '[]' NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`publication_id`) REFERENCES `publications`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `segments` (
	`id` text PRIMARY KEY NOT NULL,
	`publication_id` text NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`rules` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`publication_id`) REFERENCES `publications`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `segments_publication_name_unique` ON `segments` (`publication_id`,`name`);--> statement-breakpoint
CREATE TABLE `signup_forms` (
	`id` text PRIMARY KEY NOT NULL,
	`publication_id` text NOT NULL,
	`name` text NOT NULL,
	`tag` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`publication_id`) REFERENCES `publications`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `signup_forms_publication_idx` ON `signup_forms` (`publication_id`);--> statement-breakpoint
CREATE TABLE `subscriber_tags` (
	`subscriber_id` text NOT NULL,
	`publication_id` text NOT NULL,
	`tag` text NOT NULL,
	`source` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`subscriber_id`, `tag`),
	FOREIGN KEY (`subscriber_id`) REFERENCES `subscribers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`publication_id`) REFERENCES `publications`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `subscriber_tags_publication_tag_idx` ON `subscriber_tags` (`publication_id`,`tag`,`subscriber_id`);--> statement-breakpoint
ALTER TABLE `issue_sends` ADD `segment_id` text;--> statement-breakpoint
ALTER TABLE `issue_sends` ADD `segment_name` text;--> statement-breakpoint
ALTER TABLE `issue_sends` ADD `rollup_of` text;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `source_detail` text;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `format` text DEFAULT 'html' NOT NULL;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `frequency` text DEFAULT 'every' NOT NULL;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `paused_until` integer;--> statement-breakpoint
ALTER TABLE `recurring_schedules` ADD `segment_id` text;