CREATE TABLE `reminder_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`task_id` text NOT NULL,
	`lead` text NOT NULL,
	`channel` text NOT NULL,
	`deadline_at` integer NOT NULL,
	`status` text NOT NULL,
	`payload` text DEFAULT '{}' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`claimed_at` integer NOT NULL,
	`claimed_by` text DEFAULT '' NOT NULL,
	`sent_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reminder_deliveries_key` ON `reminder_deliveries` (`user_id`,`task_id`,`lead`,`channel`,`deadline_at`);--> statement-breakpoint
CREATE INDEX `reminder_deliveries_status_idx` ON `reminder_deliveries` (`status`,`claimed_at`);--> statement-breakpoint
CREATE INDEX `reminder_deliveries_channel_idx` ON `reminder_deliveries` (`channel`,`status`);--> statement-breakpoint
CREATE TABLE `reminder_devices` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`endpoint` text,
	`p256dh` text,
	`auth` text,
	`label` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reminder_devices_endpoint_unique` ON `reminder_devices` (`endpoint`);--> statement-breakpoint
CREATE INDEX `reminder_devices_user_idx` ON `reminder_devices` (`user_id`);--> statement-breakpoint
CREATE TABLE `reminder_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`prefs` text NOT NULL,
	`email` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
