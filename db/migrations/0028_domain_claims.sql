CREATE TABLE `custom_domain_claims` (
	`user_id` text PRIMARY KEY NOT NULL,
	`host` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `custom_domain_claims_host_idx` ON `custom_domain_claims` (`host`);--> statement-breakpoint
-- No domain was proved before this migration: each becomes its account's claim, used once its TXT record is found.
INSERT INTO `custom_domain_claims` (`user_id`, `host`, `created_at`) SELECT `user_id`, `host`, `created_at` FROM `custom_domains`;
--> statement-breakpoint
DELETE FROM `custom_domains`;
