CREATE TABLE `auth_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `auth_attempts_lookup_idx` ON `auth_attempts` (`kind`,`key`,`at`);--> statement-breakpoint
CREATE TABLE `reset_grants` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `secret_questions` (
	`user_id` text NOT NULL,
	`position` integer NOT NULL,
	`question` text NOT NULL,
	`answer_hash` text NOT NULL,
	PRIMARY KEY(`user_id`, `position`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`username` text NOT NULL,
	`username_key` text NOT NULL,
	`password_hash` text NOT NULL,
	`role` text NOT NULL,
	`token_version` integer DEFAULT 1 NOT NULL,
	`first_name` text DEFAULT '' NOT NULL,
	`last_name` text DEFAULT '' NOT NULL,
	`year` text DEFAULT '' NOT NULL,
	`groupe` text DEFAULT 'Promo' NOT NULL,
	`specialite` text DEFAULT '' NOT NULL,
	`faction` text,
	`equipped_item_id` integer,
	`selected_border_color` text DEFAULT 'black' NOT NULL,
	`avatar` text,
	`avatar_version` integer DEFAULT 0 NOT NULL,
	`avatar_updated_at` text,
	`avatar_crop` text,
	`public_note` text DEFAULT '' NOT NULL,
	`music_src` text,
	`music_title` text,
	`music_start_seconds` integer DEFAULT 0 NOT NULL,
	`music_duration_seconds` integer DEFAULT 0 NOT NULL,
	`theme` text DEFAULT 'light' NOT NULL,
	`dynamic_item_variants` text DEFAULT '{}' NOT NULL,
	`completed_tasks` integer DEFAULT 0 NOT NULL,
	`coins` integer DEFAULT 0 NOT NULL,
	`leaderboard_coins` integer DEFAULT 0 NOT NULL,
	`faction_coins` integer DEFAULT 0 NOT NULL,
	`leaderboard_enabled` integer DEFAULT true NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_key_unique` ON `users` (`username_key`);--> statement-breakpoint
CREATE INDEX `users_role_idx` ON `users` (`role`);--> statement-breakpoint
CREATE INDEX `users_year_group_idx` ON `users` (`year`,`groupe`);--> statement-breakpoint
CREATE TABLE `popup_acks` (
	`popup_id` text NOT NULL,
	`user_id` text NOT NULL,
	`acked_at` integer NOT NULL,
	PRIMARY KEY(`popup_id`, `user_id`),
	FOREIGN KEY (`popup_id`) REFERENCES `popups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `popups` (
	`id` text PRIMARY KEY NOT NULL,
	`html` text NOT NULL,
	`target` text NOT NULL,
	`user_id` text,
	`created_by` text,
	`created_at` integer NOT NULL,
	`seq` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `popups_target_idx` ON `popups` (`target`,`user_id`);--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`phone` text NOT NULL,
	`email` text NOT NULL,
	`promo` text NOT NULL,
	`subject` text NOT NULL,
	`description` text NOT NULL,
	`ip` text NOT NULL,
	`created_at` integer NOT NULL,
	`mailed_at` integer
);
--> statement-breakpoint
CREATE INDEX `contact_ip_time_idx` ON `contact_messages` (`ip`,`created_at`);