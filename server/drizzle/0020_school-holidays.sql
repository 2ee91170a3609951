CREATE TABLE `school_holidays` (
	`id` text PRIMARY KEY NOT NULL,
	`label` text NOT NULL,
	`first_day` text NOT NULL,
	`last_day` text NOT NULL,
	`source` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `school_holidays_period_unique` ON `school_holidays` (`label`,`first_day`,`last_day`);--> statement-breakpoint
CREATE INDEX `school_holidays_days_idx` ON `school_holidays` (`first_day`,`last_day`);--> statement-breakpoint
ALTER TABLE `reminder_settings` ADD `pause_in_holidays` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `reminder_settings` ADD `paused_until` text;