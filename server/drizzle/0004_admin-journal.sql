CREATE TABLE `admin_journal` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`admin_id` text NOT NULL,
	`admin_username` text NOT NULL,
	`action` text NOT NULL,
	`target_user_id` text,
	`target_username` text,
	`summary` text NOT NULL,
	`details` text DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `admin_journal_at_idx` ON `admin_journal` (`at`);--> statement-breakpoint
CREATE INDEX `admin_journal_admin_idx` ON `admin_journal` (`admin_id`,`at`);--> statement-breakpoint
CREATE INDEX `admin_journal_target_idx` ON `admin_journal` (`target_user_id`,`at`);--> statement-breakpoint
CREATE INDEX `admin_journal_action_idx` ON `admin_journal` (`action`,`at`);