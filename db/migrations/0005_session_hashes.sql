-- Sessions are now stored by the SHA-256 of their id; rows written before held raw ids, which no
-- longer match any cookie. Removing them signs everyone out once, which is the safe way to retire them.
DELETE FROM `sessions`;--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);
