CREATE TABLE `issue_sends` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`publication_id` text NOT NULL,
	`subject` text NOT NULL,
	`from_name` text NOT NULL,
	`reply_to` text NOT NULL,
	`html` text NOT NULL,
	`text` text NOT NULL,
	`web_html` text NOT NULL,
	`status` text NOT NULL,
	`scheduled_at` integer NOT NULL,
	`started_at` integer,
	`finished_at` integer,
	`total` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`publication_id`) REFERENCES `publications`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `issue_sends_publication_idx` ON `issue_sends` (`publication_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `issue_sends_user_idx` ON `issue_sends` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`payload` text NOT NULL,
	`status` text NOT NULL,
	`run_at` integer NOT NULL,
	`lease_until` integer,
	`worker` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`unique_key` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `jobs_claim_idx` ON `jobs` (`status`,`run_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_unique_key` ON `jobs` (`unique_key`);--> statement-breakpoint
CREATE TABLE `mail_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`provider` text NOT NULL,
	`user_id` text,
	`send_id` text,
	`email` text NOT NULL,
	`provider_message_id` text,
	`detail` text,
	`event_key` text,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `mail_events_at_idx` ON `mail_events` (`at`);--> statement-breakpoint
CREATE INDEX `mail_events_send_idx` ON `mail_events` (`send_id`,`kind`);--> statement-breakpoint
CREATE UNIQUE INDEX `mail_events_key_unique` ON `mail_events` (`event_key`);--> statement-breakpoint
CREATE TABLE `mail_providers` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`kind` text NOT NULL,
	`label` text NOT NULL,
	`priority` text NOT NULL,
	`secret` text NOT NULL,
	`webhook_token` text NOT NULL,
	`last_check_at` integer,
	`last_status` text DEFAULT 'unknown' NOT NULL,
	`last_detail` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `mail_providers_user_idx` ON `mail_providers` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `mail_providers_webhook_unique` ON `mail_providers` (`webhook_token`);--> statement-breakpoint
CREATE TABLE `send_recipients` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`send_id` text NOT NULL,
	`subscriber_id` text,
	`email` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`provider` text,
	`provider_message_id` text,
	`error` text,
	`sent_at` integer,
	FOREIGN KEY (`send_id`) REFERENCES `issue_sends`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `send_recipients_send_email_unique` ON `send_recipients` (`send_id`,`email`);--> statement-breakpoint
CREATE INDEX `send_recipients_send_status_idx` ON `send_recipients` (`send_id`,`status`,`id`);--> statement-breakpoint
CREATE INDEX `send_recipients_message_idx` ON `send_recipients` (`provider_message_id`);--> statement-breakpoint
CREATE INDEX `send_recipients_sent_at_idx` ON `send_recipients` (`sent_at`);--> statement-breakpoint
CREATE TABLE `subscribers` (
	`id` text PRIMARY KEY NOT NULL,
	`publication_id` text NOT NULL,
	`email` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`status` text NOT NULL,
	`source` text NOT NULL,
	`confirm_token_hash` text,
	`confirm_expires_at` integer,
	`confirmed_at` integer,
	`unsubscribed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`publication_id`) REFERENCES `publications`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscribers_publication_email_unique` ON `subscribers` (`publication_id`,`email`);--> statement-breakpoint
CREATE INDEX `subscribers_publication_status_idx` ON `subscribers` (`publication_id`,`status`);--> statement-breakpoint
CREATE INDEX `subscribers_confirm_idx` ON `subscribers` (`confirm_token_hash`);--> statement-breakpoint
CREATE TABLE `suppressions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`email` text NOT NULL,
	`reason` text NOT NULL,
	`source` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `suppressions_user_email_unique` ON `suppressions` (`user_id`,`email`);--> statement-breakpoint
ALTER TABLE `publications` ADD `slug` text;--> statement-breakpoint
CREATE UNIQUE INDEX `publications_slug_unique` ON `publications` (`slug`);