CREATE TABLE `directory_channels` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`feed_url` text NOT NULL,
	`site_url` text NOT NULL,
	`description` text NOT NULL,
	`tags` text NOT NULL,
	`source` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `directory_channels_feed_unique` ON `directory_channels` (`feed_url`);--> statement-breakpoint
CREATE TABLE `feed_items` (
	`feed_url` text NOT NULL,
	`id` text NOT NULL,
	`title` text NOT NULL,
	`summary` text NOT NULL,
	`url` text NOT NULL,
	`published_at` integer NOT NULL,
	`dated` integer NOT NULL,
	`image_url` text,
	`category` text,
	`word_count` integer NOT NULL,
	`fetched_at` integer NOT NULL,
	PRIMARY KEY(`feed_url`, `id`),
	FOREIGN KEY (`feed_url`) REFERENCES `feeds`(`url`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `feed_items_published_idx` ON `feed_items` (`feed_url`,`published_at`);--> statement-breakpoint
CREATE TABLE `feeds` (
	`url` text PRIMARY KEY NOT NULL,
	`title` text,
	`site_url` text,
	`description` text,
	`etag` text,
	`last_modified` text,
	`fetched_at` integer,
	`last_attempt_at` integer,
	`last_error` text,
	`quality` text,
	`frequency` text
);
--> statement-breakpoint
CREATE TABLE `user_channels` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`feed_url` text NOT NULL,
	`site_url` text,
	`description` text DEFAULT '' NOT NULL,
	`niche` text DEFAULT 'general' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_channels_user_feed_unique` ON `user_channels` (`user_id`,`feed_url`);--> statement-breakpoint
CREATE INDEX `user_channels_user_idx` ON `user_channels` (`user_id`);