CREATE TABLE `sso_providers` (
	`id` text PRIMARY KEY NOT NULL,
	`config` text NOT NULL,
	`created_at` integer NOT NULL,
	`created_by` text NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by` text NOT NULL
);
