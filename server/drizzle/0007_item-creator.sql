CREATE TABLE `created_colors` (
	`id` text PRIMARY KEY NOT NULL,
	`legacy_id` integer NOT NULL,
	`name` text NOT NULL,
	`color` text NOT NULL,
	`gradient` text,
	`price` integer NOT NULL,
	`available_in_daily_shop` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `created_colors_legacy_id_unique` ON `created_colors` (`legacy_id`);--> statement-breakpoint
CREATE TABLE `created_items` (
	`id` text PRIMARY KEY NOT NULL,
	`legacy_id` integer NOT NULL,
	`name` text NOT NULL,
	`price` integer NOT NULL,
	`available_in_daily_shop` integer DEFAULT false NOT NULL,
	`look` text NOT NULL,
	`creator_ids` text DEFAULT '[]' NOT NULL,
	`creator_usernames` text DEFAULT '[]' NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `created_items_legacy_id_unique` ON `created_items` (`legacy_id`);--> statement-breakpoint
CREATE TABLE `item_assets` (
	`name` text PRIMARY KEY NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`original_name` text NOT NULL,
	`uploaded_by` text,
	`created_at` integer NOT NULL
);
