-- The task list's change counters (list_versions) are moved by the database itself: every
-- write to what a list answer shows moves them, whichever feature, command, restore or
-- older binary made it. Scope 'tasks' is every caller's list (tasks, their groups, their
-- attachments, the subjects that decide who sees them); 'user:<id>' is one caller's own part
-- (their states and their personal tasks). Foreign-key actions (a deleted user's tasks losing
-- their creator, a deleted task's rows) fire these triggers too.
CREATE TRIGGER `list_versions_tasks_insert` AFTER INSERT ON `tasks` BEGIN
  INSERT INTO `list_versions` (`scope`, `version`) VALUES ('tasks', 1) ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_tasks_update` AFTER UPDATE ON `tasks` BEGIN
  INSERT INTO `list_versions` (`scope`, `version`) VALUES ('tasks', 1) ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_tasks_delete` AFTER DELETE ON `tasks` BEGIN
  INSERT INTO `list_versions` (`scope`, `version`) VALUES ('tasks', 1) ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_task_groups_insert` AFTER INSERT ON `task_groups` BEGIN
  INSERT INTO `list_versions` (`scope`, `version`) VALUES ('tasks', 1) ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_task_groups_update` AFTER UPDATE ON `task_groups` BEGIN
  INSERT INTO `list_versions` (`scope`, `version`) VALUES ('tasks', 1) ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_task_groups_delete` AFTER DELETE ON `task_groups` BEGIN
  INSERT INTO `list_versions` (`scope`, `version`) VALUES ('tasks', 1) ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_attachments_insert` AFTER INSERT ON `task_files` WHEN NEW.`kind` = 'attachment' BEGIN
  INSERT INTO `list_versions` (`scope`, `version`) VALUES ('tasks', 1) ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_attachments_update` AFTER UPDATE ON `task_files` WHEN NEW.`kind` = 'attachment' OR OLD.`kind` = 'attachment' BEGIN
  INSERT INTO `list_versions` (`scope`, `version`) VALUES ('tasks', 1) ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_attachments_delete` AFTER DELETE ON `task_files` WHEN OLD.`kind` = 'attachment' BEGIN
  INSERT INTO `list_versions` (`scope`, `version`) VALUES ('tasks', 1) ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_subjects_insert` AFTER INSERT ON `subjects` BEGIN
  INSERT INTO `list_versions` (`scope`, `version`) VALUES ('tasks', 1) ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_subjects_update` AFTER UPDATE ON `subjects` BEGIN
  INSERT INTO `list_versions` (`scope`, `version`) VALUES ('tasks', 1) ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_subjects_delete` AFTER DELETE ON `subjects` BEGIN
  INSERT INTO `list_versions` (`scope`, `version`) VALUES ('tasks', 1) ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_subject_rules_insert` AFTER INSERT ON `subject_rules` BEGIN
  INSERT INTO `list_versions` (`scope`, `version`) VALUES ('tasks', 1) ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_subject_rules_update` AFTER UPDATE ON `subject_rules` BEGIN
  INSERT INTO `list_versions` (`scope`, `version`) VALUES ('tasks', 1) ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_subject_rules_delete` AFTER DELETE ON `subject_rules` BEGIN
  INSERT INTO `list_versions` (`scope`, `version`) VALUES ('tasks', 1) ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_task_states_insert` AFTER INSERT ON `task_states` BEGIN
  INSERT INTO `list_versions` (`scope`, `version`) VALUES ('user:' || NEW.`user_id`, 1) ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_task_states_update` AFTER UPDATE ON `task_states` BEGIN
  INSERT INTO `list_versions` (`scope`, `version`) VALUES ('user:' || NEW.`user_id`, 1) ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_task_states_delete` AFTER DELETE ON `task_states` BEGIN
  INSERT INTO `list_versions` (`scope`, `version`) VALUES ('user:' || OLD.`user_id`, 1) ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_personal_tasks_insert` AFTER INSERT ON `personal_tasks` BEGIN
  INSERT INTO `list_versions` (`scope`, `version`) VALUES ('user:' || NEW.`owner_id`, 1) ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_personal_tasks_update` AFTER UPDATE ON `personal_tasks` BEGIN
  INSERT INTO `list_versions` (`scope`, `version`) VALUES ('user:' || NEW.`owner_id`, 1) ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `list_versions_personal_tasks_delete` AFTER DELETE ON `personal_tasks` BEGIN
  INSERT INTO `list_versions` (`scope`, `version`) VALUES ('user:' || OLD.`owner_id`, 1) ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1;
END;
