-- Full-text index over the channel directory (name, description, tags). Drizzle cannot declare
-- virtual tables, so this migration is hand-written; rows share rowid with directory_channels.
CREATE VIRTUAL TABLE `directory_fts` USING fts5(name, description, tags, tokenize = "porter unicode61");
