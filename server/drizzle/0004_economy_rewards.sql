CREATE TABLE `prestige_grants` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`granted_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `prestige_grants_user_id_unique` ON `prestige_grants` (`user_id`);