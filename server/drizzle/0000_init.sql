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
	`updated_at` text NOT NULL,
	CONSTRAINT "users_balances_nonnegative" CHECK("users"."coins" >= 0 AND "users"."leaderboard_coins" >= 0 AND "users"."faction_coins" >= 0)
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
CREATE INDEX `contact_ip_time_idx` ON `contact_messages` (`ip`,`created_at`);--> statement-breakpoint
CREATE TABLE `coin_ledger` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`coins_delta` integer DEFAULT 0 NOT NULL,
	`leaderboard_delta` integer DEFAULT 0 NOT NULL,
	`faction_delta` integer DEFAULT 0 NOT NULL,
	`reason` text NOT NULL,
	`reference` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `coin_ledger_user_idx` ON `coin_ledger` (`user_id`,`id`);--> statement-breakpoint
CREATE TABLE `daily_shops` (
	`paris_day` text PRIMARY KEY NOT NULL,
	`item_ids` text NOT NULL,
	`color_ids` text NOT NULL,
	`rerolls` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`user_id` text NOT NULL,
	`route` text NOT NULL,
	`key` text NOT NULL,
	`response` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `route`, `key`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `prestige_grants` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`granted_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `prestige_grants_user_id_unique` ON `prestige_grants` (`user_id`);--> statement-breakpoint
CREATE TABLE `redeem_code_uses` (
	`code_id` text NOT NULL,
	`user_id` text NOT NULL,
	`used_at` integer NOT NULL,
	PRIMARY KEY(`code_id`, `user_id`),
	FOREIGN KEY (`code_id`) REFERENCES `redeem_codes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `redeem_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`reward_type` text NOT NULL,
	`items` text NOT NULL,
	`colors` text NOT NULL,
	`max_uses` integer NOT NULL,
	`used_count` integer DEFAULT 0 NOT NULL,
	`expires_at` integer,
	`created_by` text,
	`created_at` integer NOT NULL,
	CONSTRAINT "redeem_codes_uses_range" CHECK("redeem_codes"."used_count" >= 0 AND "redeem_codes"."used_count" <= "redeem_codes"."max_uses")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `redeem_codes_code_unique` ON `redeem_codes` (`code`);--> statement-breakpoint
CREATE TABLE `task_milestones` (
	`user_id` text NOT NULL,
	`threshold` integer NOT NULL,
	`paid_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `threshold`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `user_economy` (
	`user_id` text PRIMARY KEY NOT NULL,
	`loss_streak` integer DEFAULT 0 NOT NULL,
	`discord_variant` integer DEFAULT 0 NOT NULL,
	`jojo_variant` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "user_economy_streak_range" CHECK("user_economy"."loss_streak" BETWEEN 0 AND 2),
	CONSTRAINT "user_economy_variants_range" CHECK("user_economy"."discord_variant" BETWEEN 0 AND 2 AND "user_economy"."jojo_variant" BETWEEN 0 AND 1)
);
--> statement-breakpoint
CREATE TABLE `user_items` (
	`user_id` text NOT NULL,
	`item_id` integer NOT NULL,
	`color_id` text,
	`source` text NOT NULL,
	`admin_message` text,
	`admin_gift_read` integer DEFAULT true NOT NULL,
	`acquired_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `item_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `wheel_spins` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`paris_day` text NOT NULL,
	`test` integer DEFAULT false NOT NULL,
	`segment` text DEFAULT '' NOT NULL,
	`coins_won` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wheel_spins_one_per_day` ON `wheel_spins` (`user_id`,`paris_day`) WHERE "wheel_spins"."test" = 0;--> statement-breakpoint
CREATE INDEX `wheel_spins_user_idx` ON `wheel_spins` (`user_id`,`id`);--> statement-breakpoint
CREATE TABLE `task_files` (
	`stored_name` text PRIMARY KEY NOT NULL,
	`task_id` text NOT NULL,
	`kind` text NOT NULL,
	`user_id` text,
	`original_name` text NOT NULL,
	`ext` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `task_files_lookup_idx` ON `task_files` (`task_id`,`kind`,`user_id`);--> statement-breakpoint
CREATE TABLE `task_groups` (
	`task_id` text NOT NULL,
	`groupe` text NOT NULL,
	PRIMARY KEY(`task_id`, `groupe`),
	FOREIGN KEY (`task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `task_groups_groupe_idx` ON `task_groups` (`groupe`,`task_id`);--> statement-breakpoint
CREATE TABLE `task_states` (
	`user_id` text NOT NULL,
	`task_id` text NOT NULL,
	`checked` integer DEFAULT false NOT NULL,
	`archived` integer DEFAULT false NOT NULL,
	`hidden` integer DEFAULT false NOT NULL,
	`counted` integer DEFAULT false NOT NULL,
	`updated_at` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `task_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `task_states_task_idx` ON `task_states` (`task_id`);--> statement-breakpoint
CREATE TABLE `tasks` (
	`id` text PRIMARY KEY NOT NULL,
	`titre` text NOT NULL,
	`type` text NOT NULL,
	`matiere` text NOT NULL,
	`date` text NOT NULL,
	`heure` text NOT NULL,
	`deadline_at` integer NOT NULL,
	`duration_minutes` integer,
	`description` text DEFAULT '' NOT NULL,
	`year` text NOT NULL,
	`specialite` text DEFAULT '' NOT NULL,
	`groupe` text DEFAULT 'Promo' NOT NULL,
	`submission_enabled` integer DEFAULT false NOT NULL,
	`created_by` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `tasks_visibility_idx` ON `tasks` (`year`,`specialite`,`deadline_at`);--> statement-breakpoint
CREATE INDEX `tasks_created_by_idx` ON `tasks` (`created_by`);--> statement-breakpoint
CREATE TABLE `subject_rules` (
	`subject_name` text PRIMARY KEY NOT NULL,
	`years_allowed` text NOT NULL,
	`specialites_allowed` text NOT NULL,
	`groups_allowed` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `subjects` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`color` text NOT NULL,
	`color2` text NOT NULL,
	`use_gradient` integer DEFAULT false NOT NULL,
	`gradient_angle` integer DEFAULT 135 NOT NULL,
	`color_opacity` real DEFAULT 1 NOT NULL,
	`color2_opacity` real DEFAULT 1 NOT NULL,
	`years_allowed` text NOT NULL,
	`groups_allowed` text NOT NULL,
	`specialites_allowed` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subjects_name_key_unique` ON `subjects` (`name_key`);