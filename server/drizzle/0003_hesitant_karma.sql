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