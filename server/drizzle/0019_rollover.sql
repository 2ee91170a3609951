CREATE TABLE `rollovers` (
	`school_year` text PRIMARY KEY NOT NULL,
	`run_at` text NOT NULL,
	`run_by` text NOT NULL,
	`counts` text NOT NULL,
	`backup_name` text NOT NULL
);
--> statement-breakpoint
ALTER TABLE `users` ADD `deactivated_at` text;--> statement-breakpoint
ALTER TABLE `users` ADD `erase_after` text;--> statement-breakpoint
ALTER TABLE `tasks` ADD `archived_year` text;