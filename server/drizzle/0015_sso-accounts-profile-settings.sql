CREATE TABLE `school_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
ALTER TABLE `users` ADD `profile_pending` integer DEFAULT false NOT NULL;