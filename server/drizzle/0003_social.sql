CREATE TABLE `factions` (
	`name` text PRIMARY KEY NOT NULL,
	`total_coins` integer DEFAULT 0 NOT NULL,
	`price_multiplier` real DEFAULT 1 NOT NULL,
	`updated_at` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "factions_total_nonnegative" CHECK("factions"."total_coins" >= 0)
);
--> statement-breakpoint
CREATE TABLE `patch_notes` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`version` text DEFAULT '' NOT NULL,
	`html` text NOT NULL,
	`notify` integer DEFAULT true NOT NULL,
	`published` integer DEFAULT false NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`published_at` integer
);
--> statement-breakpoint
CREATE INDEX `patch_notes_published_idx` ON `patch_notes` (`published`,`published_at`);--> statement-breakpoint
CREATE TABLE `seasons` (
	`month` text PRIMARY KEY NOT NULL,
	`opened_at` integer NOT NULL,
	`closed_at` integer,
	`bagnat_total` integer DEFAULT 0 NOT NULL,
	`fermier_total` integer DEFAULT 0 NOT NULL,
	`winner` text,
	`podiums` text DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `seasons_closed_idx` ON `seasons` (`closed_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `dark_brightness` integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `dark_contrast` integer DEFAULT 95 NOT NULL;--> statement-breakpoint
-- Factions start with what their members already hold (admins could set faction coins before).
UPDATE `users` SET `faction` = 'Bagnat' WHERE `faction` = 'Bagna';--> statement-breakpoint
UPDATE `users` SET `faction` = NULL WHERE `faction` IS NOT NULL AND `faction` NOT IN ('Bagnat', 'Fermier');--> statement-breakpoint
INSERT INTO `factions` (`name`, `total_coins`) VALUES
  ('Bagnat', (SELECT COALESCE(SUM(`faction_coins`), 0) FROM `users` WHERE `faction` = 'Bagnat')),
  ('Fermier', (SELECT COALESCE(SUM(`faction_coins`), 0) FROM `users` WHERE `faction` = 'Fermier'));
