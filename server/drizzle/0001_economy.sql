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
CREATE INDEX `wheel_spins_user_idx` ON `wheel_spins` (`user_id`,`id`);