CREATE TABLE `user_checklist` (
	`user_id` text PRIMARY KEY NOT NULL,
	`test_sent_at` integer,
	`signup_shared_at` integer,
	`dismissed_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
