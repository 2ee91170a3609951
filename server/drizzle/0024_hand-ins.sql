CREATE TABLE `hand_in_feedback` (
	`task_id` text NOT NULL,
	`user_id` text NOT NULL,
	`comment` text DEFAULT '' NOT NULL,
	`mark` real,
	`version` integer,
	`updated_at` integer NOT NULL,
	`updated_by` text,
	`published_comment` text,
	`published_mark` real,
	`published_version` integer,
	`published_at` integer,
	PRIMARY KEY(`task_id`, `user_id`),
	FOREIGN KEY (`task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `hand_in_feedback_user_idx` ON `hand_in_feedback` (`user_id`);--> statement-breakpoint
CREATE TABLE `hand_in_nudges` (
	`task_id` text NOT NULL,
	`paris_day` text NOT NULL,
	`sent_at` integer NOT NULL,
	`sent_by` text,
	`recipients` integer NOT NULL,
	PRIMARY KEY(`task_id`, `paris_day`),
	FOREIGN KEY (`task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sent_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `hand_in_overrides` (
	`task_id` text NOT NULL,
	`user_id` text NOT NULL,
	`deadline_at` integer,
	`exempt` integer DEFAULT false NOT NULL,
	`reopened_at` integer,
	`updated_at` integer NOT NULL,
	`updated_by` text,
	PRIMARY KEY(`task_id`, `user_id`),
	FOREIGN KEY (`task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `hand_in_overrides_user_idx` ON `hand_in_overrides` (`user_id`);--> statement-breakpoint
CREATE TABLE `hand_in_versions` (
	`task_id` text NOT NULL,
	`user_id` text NOT NULL,
	`version` integer NOT NULL,
	`at` integer NOT NULL,
	`files` text NOT NULL,
	PRIMARY KEY(`task_id`, `user_id`, `version`),
	FOREIGN KEY (`task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `hand_in_versions_user_idx` ON `hand_in_versions` (`user_id`);--> statement-breakpoint
ALTER TABLE `task_files` ADD `removed_at` integer;--> statement-breakpoint
ALTER TABLE `tasks` ADD `mark_scale` integer DEFAULT 20 NOT NULL;--> statement-breakpoint
-- A student's own deadline, exemption or returned copy changes what their task list shows: move
-- their list version (as task_states does, drizzle/0013), so the list's ETag changes for them.
CREATE TRIGGER `list_versions_hand_in_overrides_insert` AFTER INSERT ON `hand_in_overrides` BEGIN
  INSERT INTO `list_versions` (`scope`, `version`) VALUES ('user:' || NEW.`user_id`, 1) ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_hand_in_overrides_update` AFTER UPDATE ON `hand_in_overrides` BEGIN
  INSERT INTO `list_versions` (`scope`, `version`) VALUES ('user:' || NEW.`user_id`, 1) ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_hand_in_overrides_delete` AFTER DELETE ON `hand_in_overrides` BEGIN
  INSERT INTO `list_versions` (`scope`, `version`) VALUES ('user:' || OLD.`user_id`, 1) ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_hand_in_feedback_published` AFTER UPDATE OF `published_at` ON `hand_in_feedback` BEGIN
  INSERT INTO `list_versions` (`scope`, `version`) VALUES ('user:' || NEW.`user_id`, 1) ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
-- Hand-ins made before versions existed become each student's version 1.
INSERT INTO `hand_in_versions` (`task_id`, `user_id`, `version`, `at`, `files`)
SELECT `task_id`, `user_id`, 1, max(`created_at`), json_group_array(`stored_name`)
FROM `task_files` WHERE `kind` = 'submission' AND `user_id` IS NOT NULL GROUP BY `task_id`, `user_id`;
--> statement-breakpoint
-- A copy returned with no draft before it is published by an INSERT: move the list version then too.
CREATE TRIGGER `list_versions_hand_in_feedback_published_insert` AFTER INSERT ON `hand_in_feedback` WHEN NEW.`published_at` IS NOT NULL BEGIN
  INSERT INTO `list_versions` (`scope`, `version`) VALUES ('user:' || NEW.`user_id`, 1) ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1;
END;
