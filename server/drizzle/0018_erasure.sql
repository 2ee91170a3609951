PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_coin_ledger` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`coins_delta` integer DEFAULT 0 NOT NULL,
	`leaderboard_delta` integer DEFAULT 0 NOT NULL,
	`faction_delta` integer DEFAULT 0 NOT NULL,
	`reason` text NOT NULL,
	`reference` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_coin_ledger`("id", "user_id", "coins_delta", "leaderboard_delta", "faction_delta", "reason", "reference", "created_at") SELECT "id", "user_id", "coins_delta", "leaderboard_delta", "faction_delta", "reason", "reference", "created_at" FROM `coin_ledger`;--> statement-breakpoint
DROP TABLE `coin_ledger`;--> statement-breakpoint
ALTER TABLE `__new_coin_ledger` RENAME TO `coin_ledger`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `coin_ledger_user_idx` ON `coin_ledger` (`user_id`,`id`);--> statement-breakpoint
ALTER TABLE `users` ADD `erasure_requested_at` text;