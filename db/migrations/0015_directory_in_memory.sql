-- The channel directory is searched in memory from db/channels/directory.json: its copy and the FTS5
-- index (a virtual table drizzle cannot declare) go.
DROP TABLE `directory_fts`;--> statement-breakpoint
DROP TABLE `directory_channels`;
