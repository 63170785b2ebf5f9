CREATE TABLE `blog_posts` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`excerpt` text DEFAULT '' NOT NULL,
	`markdown` text DEFAULT '' NOT NULL,
	`html` text DEFAULT '' NOT NULL,
	`cover_image_id` text,
	`cover_alt` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`author_id` text,
	`published_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `blog_posts_slug_unique` ON `blog_posts` (`slug`);--> statement-breakpoint
CREATE INDEX `blog_posts_status_published_idx` ON `blog_posts` (`status`,`published_at`);--> statement-breakpoint
CREATE TABLE `content_images` (
	`id` text PRIMARY KEY NOT NULL,
	`mime` text NOT NULL,
	`bytes` blob NOT NULL,
	`size` integer NOT NULL,
	`width` integer,
	`height` integer,
	`uploaded_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `onboarding_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`email_id` text NOT NULL,
	`status` text NOT NULL,
	`error` text,
	`at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`email_id`) REFERENCES `onboarding_emails`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `onboarding_deliveries_user_email_unique` ON `onboarding_deliveries` (`user_id`,`email_id`);--> statement-breakpoint
CREATE TABLE `onboarding_emails` (
	`id` text PRIMARY KEY NOT NULL,
	`day_offset` integer NOT NULL,
	`subject` text NOT NULL,
	`markdown` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`updated_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `onboarding_emails_day_idx` ON `onboarding_emails` (`day_offset`);--> statement-breakpoint
CREATE TABLE `product_newsletters` (
	`id` text PRIMARY KEY NOT NULL,
	`subject` text NOT NULL,
	`markdown` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`recipients` integer DEFAULT 0 NOT NULL,
	`sent_count` integer DEFAULT 0 NOT NULL,
	`failed_count` integer DEFAULT 0 NOT NULL,
	`created_by` text,
	`sent_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `product_newsletters_created_idx` ON `product_newsletters` (`created_at`);--> statement-breakpoint
CREATE TABLE `workspace_invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`token_hash` text NOT NULL,
	`invited_by` text,
	`expires_at` integer NOT NULL,
	`accepted_at` integer,
	`revoked_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `workspace_invitations_token_unique` ON `workspace_invitations` (`token_hash`);--> statement-breakpoint
CREATE INDEX `workspace_invitations_workspace_idx` ON `workspace_invitations` (`workspace_id`,`email`);--> statement-breakpoint
CREATE TABLE `workspace_members` (
	`workspace_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role` text NOT NULL,
	`joined_at` integer NOT NULL,
	PRIMARY KEY(`workspace_id`, `user_id`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `workspace_members_user_idx` ON `workspace_members` (`user_id`);--> statement-breakpoint
CREATE TABLE `workspaces` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`owner_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `workspaces_owner_unique` ON `workspaces` (`owner_id`);--> statement-breakpoint
CREATE TABLE `integration_connections` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`platform` text NOT NULL,
	`secret` text NOT NULL,
	`account_label` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'connected' NOT NULL,
	`last_error` text,
	`last_checked_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `integration_connections_user_platform_unique` ON `integration_connections` (`user_id`,`platform`);--> statement-breakpoint
CREATE TABLE `integration_publications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`newsletter_id` text,
	`platform` text NOT NULL,
	`title` text NOT NULL,
	`remote_id` text,
	`remote_url` text,
	`list_id` text,
	`list_name` text,
	`status` text NOT NULL,
	`scheduled_at` integer,
	`error` text,
	`stats` text,
	`stats_fetched_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `integration_publications_user_idx` ON `integration_publications` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `send_links` (
	`send_id` text NOT NULL,
	`position` integer NOT NULL,
	`url` text NOT NULL,
	`label` text DEFAULT '' NOT NULL,
	PRIMARY KEY(`send_id`, `position`),
	FOREIGN KEY (`send_id`) REFERENCES `issue_sends`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `tracking_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`send_id` text NOT NULL,
	`recipient_id` integer NOT NULL,
	`kind` text NOT NULL,
	`link_position` integer,
	`machine` integer DEFAULT false NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `tracking_events_send_kind_idx` ON `tracking_events` (`send_id`,`kind`,`recipient_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `product_news_opt_in` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `onboarding_unsubscribed_at` integer;--> statement-breakpoint
ALTER TABLE `publications` ADD `workspace_id` text;--> statement-breakpoint
ALTER TABLE `publications` ADD `track_opens` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `publications` ADD `track_clicks` integer DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX `publications_workspace_idx` ON `publications` (`workspace_id`);--> statement-breakpoint
ALTER TABLE `issue_sends` ADD `track_opens` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `issue_sends` ADD `track_clicks` integer DEFAULT false NOT NULL;