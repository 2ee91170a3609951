CREATE TABLE `personal_tasks` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`titre` text NOT NULL,
	`matiere` text DEFAULT '' NOT NULL,
	`date` text NOT NULL,
	`heure` text NOT NULL,
	`deadline_at` integer NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`checked` integer DEFAULT false NOT NULL,
	`archived` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `personal_tasks_owner_idx` ON `personal_tasks` (`owner_id`,`deadline_at`,`id`);