CREATE TABLE `list_versions` (
	`scope` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX `tasks_created_by_idx`;--> statement-breakpoint
CREATE INDEX `tasks_deadline_idx` ON `tasks` (`deadline_at`,`id`);--> statement-breakpoint
CREATE INDEX `tasks_created_by_idx` ON `tasks` (`created_by`,`deadline_at`);