PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_users` (
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
	`selected_border_color` text DEFAULT 'default' NOT NULL,
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
	`updated_at` text NOT NULL,
	CONSTRAINT "users_balances_nonnegative" CHECK("__new_users"."coins" >= 0 AND "__new_users"."leaderboard_coins" >= 0 AND "__new_users"."faction_coins" >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_users`("id", "username", "username_key", "password_hash", "role", "token_version", "first_name", "last_name", "year", "groupe", "specialite", "faction", "equipped_item_id", "selected_border_color", "avatar", "avatar_version", "avatar_updated_at", "avatar_crop", "public_note", "music_src", "music_title", "music_start_seconds", "music_duration_seconds", "theme", "dynamic_item_variants", "completed_tasks", "coins", "leaderboard_coins", "faction_coins", "leaderboard_enabled", "created_at", "updated_at") SELECT "id", "username", "username_key", "password_hash", "role", "token_version", "first_name", "last_name", "year", "groupe", "specialite", "faction", "equipped_item_id", "selected_border_color", "avatar", "avatar_version", "avatar_updated_at", "avatar_crop", "public_note", "music_src", "music_title", "music_start_seconds", "music_duration_seconds", "theme", "dynamic_item_variants", "completed_tasks", "coins", "leaderboard_coins", "faction_coins", "leaderboard_enabled", "created_at", "updated_at" FROM `users`;--> statement-breakpoint
DROP TABLE `users`;--> statement-breakpoint
ALTER TABLE `__new_users` RENAME TO `users`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_key_unique` ON `users` (`username_key`);--> statement-breakpoint
CREATE INDEX `users_role_idx` ON `users` (`role`);--> statement-breakpoint
CREATE INDEX `users_year_group_idx` ON `users` (`year`,`groupe`);