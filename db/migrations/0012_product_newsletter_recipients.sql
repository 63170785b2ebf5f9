CREATE TABLE `product_newsletter_recipients` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`newsletter_id` text NOT NULL,
	`user_id` text,
	`email` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`error` text,
	`at` integer,
	FOREIGN KEY (`newsletter_id`) REFERENCES `product_newsletters`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_newsletter_recipients_unique` ON `product_newsletter_recipients` (`newsletter_id`,`email`);--> statement-breakpoint
CREATE INDEX `product_newsletter_recipients_status_idx` ON `product_newsletter_recipients` (`newsletter_id`,`status`);