-- drizzle-kit leaves ON DELETE out of an added column's reference; it is written here as the schema says.
ALTER TABLE `newsletters` ADD `current_issue_of` text REFERENCES publications(id) ON DELETE set null;--> statement-breakpoint
CREATE UNIQUE INDEX `newsletters_current_issue_unique` ON `newsletters` (`current_issue_of`,`user_id`);
