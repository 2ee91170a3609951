CREATE TABLE `shop_favorites` (
	`user_id` text NOT NULL,
	`item_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `item_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `task_proposal_files` (
	`stored_name` text PRIMARY KEY NOT NULL,
	`proposal_id` text NOT NULL,
	`original_name` text NOT NULL,
	`ext` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`proposal_id`) REFERENCES `task_proposals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `task_proposal_files_proposal_idx` ON `task_proposal_files` (`proposal_id`);--> statement-breakpoint
CREATE TABLE `task_proposal_groups` (
	`proposal_id` text NOT NULL,
	`groupe` text NOT NULL,
	PRIMARY KEY(`proposal_id`, `groupe`),
	FOREIGN KEY (`proposal_id`) REFERENCES `task_proposals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `task_proposal_states` (
	`proposal_id` text NOT NULL,
	`user_id` text NOT NULL,
	`accepted` integer DEFAULT false NOT NULL,
	`checked` integer DEFAULT false NOT NULL,
	`archived` integer DEFAULT false NOT NULL,
	`dismissed` integer DEFAULT false NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`proposal_id`, `user_id`),
	FOREIGN KEY (`proposal_id`) REFERENCES `task_proposals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `task_proposal_states_user_idx` ON `task_proposal_states` (`user_id`);--> statement-breakpoint
CREATE TABLE `task_proposals` (
	`id` text PRIMARY KEY NOT NULL,
	`titre` text NOT NULL,
	`type` text NOT NULL,
	`matiere` text NOT NULL,
	`date` text NOT NULL,
	`heure` text NOT NULL,
	`deadline_at` integer NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`year` text NOT NULL,
	`specialite` text DEFAULT '' NOT NULL,
	`groupe` text DEFAULT 'Promo' NOT NULL,
	`submission_enabled` integer DEFAULT false NOT NULL,
	`proposed_by` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`reject_reason` text,
	`reviewed_by` text,
	`reviewed_at` integer,
	`task_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`proposed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reviewed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `task_proposals_status_idx` ON `task_proposals` (`status`,`year`,`created_at`);--> statement-breakpoint
CREATE INDEX `task_proposals_author_idx` ON `task_proposals` (`proposed_by`,`created_at`);--> statement-breakpoint
CREATE TABLE `daily_quest_days` (
	`user_id` text NOT NULL,
	`paris_day` text NOT NULL,
	`reroll_slot` integer,
	`bonus_paid_at` integer,
	`target_name` text DEFAULT '' NOT NULL,
	PRIMARY KEY(`user_id`, `paris_day`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `daily_quests` (
	`user_id` text NOT NULL,
	`paris_day` text NOT NULL,
	`slot` integer NOT NULL,
	`quest_id` text NOT NULL,
	`done_at` integer,
	PRIMARY KEY(`user_id`, `paris_day`, `slot`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `daily_quests_one_per_day` ON `daily_quests` (`user_id`,`paris_day`,`quest_id`);--> statement-breakpoint
CREATE TABLE `quest_counters` (
	`user_id` text NOT NULL,
	`counter` text NOT NULL,
	`value` integer DEFAULT 0 NOT NULL,
	`paris_day` text,
	PRIMARY KEY(`user_id`, `counter`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `user_achievements` (
	`user_id` text NOT NULL,
	`achievement_id` text NOT NULL,
	`unlocked_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `achievement_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_achievements_user_idx` ON `user_achievements` (`user_id`,`unlocked_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `proposals_blocked` integer DEFAULT false NOT NULL;