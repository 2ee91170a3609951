-- What server/drizzle/0013_list-version-triggers.sql does on SQLite, in PL/pgSQL: the task list's
-- change counters (list_versions) are moved by the database itself, in the write's own
-- transaction, once per row written (FOR EACH ROW, like SQLite's triggers). Scope 'tasks' moves
-- on tasks, their groups, their attachments, subjects and subject rules; 'user:<id>' on that
-- user's task states and personal tasks (an update counts for the new row's user, a delete for
-- the old one's, as on SQLite). Foreign-key actions fire them too. Same trigger names as SQLite.
-- (TRUNCATE fires no row trigger here; SQLite has no TRUNCATE and Planify never issues one.)
CREATE FUNCTION list_versions_bump(target text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_versions (scope, version) VALUES (target, 1)
  ON CONFLICT (scope) DO UPDATE SET version = list_versions.version + 1;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION list_versions_tasks_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM list_versions_bump('tasks');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION list_versions_task_states_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM list_versions_bump('user:' || OLD.user_id);
  ELSE
    PERFORM list_versions_bump('user:' || NEW.user_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION list_versions_personal_tasks_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM list_versions_bump('user:' || OLD.owner_id);
  ELSE
    PERFORM list_versions_bump('user:' || NEW.owner_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER list_versions_tasks_insert AFTER INSERT ON tasks FOR EACH ROW EXECUTE FUNCTION list_versions_tasks_changed();
--> statement-breakpoint
CREATE TRIGGER list_versions_tasks_update AFTER UPDATE ON tasks FOR EACH ROW EXECUTE FUNCTION list_versions_tasks_changed();
--> statement-breakpoint
CREATE TRIGGER list_versions_tasks_delete AFTER DELETE ON tasks FOR EACH ROW EXECUTE FUNCTION list_versions_tasks_changed();
--> statement-breakpoint
CREATE TRIGGER list_versions_task_groups_insert AFTER INSERT ON task_groups FOR EACH ROW EXECUTE FUNCTION list_versions_tasks_changed();
--> statement-breakpoint
CREATE TRIGGER list_versions_task_groups_update AFTER UPDATE ON task_groups FOR EACH ROW EXECUTE FUNCTION list_versions_tasks_changed();
--> statement-breakpoint
CREATE TRIGGER list_versions_task_groups_delete AFTER DELETE ON task_groups FOR EACH ROW EXECUTE FUNCTION list_versions_tasks_changed();
--> statement-breakpoint
CREATE TRIGGER list_versions_attachments_insert AFTER INSERT ON task_files FOR EACH ROW WHEN (NEW.kind = 'attachment') EXECUTE FUNCTION list_versions_tasks_changed();
--> statement-breakpoint
CREATE TRIGGER list_versions_attachments_update AFTER UPDATE ON task_files FOR EACH ROW WHEN (NEW.kind = 'attachment' OR OLD.kind = 'attachment') EXECUTE FUNCTION list_versions_tasks_changed();
--> statement-breakpoint
CREATE TRIGGER list_versions_attachments_delete AFTER DELETE ON task_files FOR EACH ROW WHEN (OLD.kind = 'attachment') EXECUTE FUNCTION list_versions_tasks_changed();
--> statement-breakpoint
CREATE TRIGGER list_versions_subjects_insert AFTER INSERT ON subjects FOR EACH ROW EXECUTE FUNCTION list_versions_tasks_changed();
--> statement-breakpoint
CREATE TRIGGER list_versions_subjects_update AFTER UPDATE ON subjects FOR EACH ROW EXECUTE FUNCTION list_versions_tasks_changed();
--> statement-breakpoint
CREATE TRIGGER list_versions_subjects_delete AFTER DELETE ON subjects FOR EACH ROW EXECUTE FUNCTION list_versions_tasks_changed();
--> statement-breakpoint
CREATE TRIGGER list_versions_subject_rules_insert AFTER INSERT ON subject_rules FOR EACH ROW EXECUTE FUNCTION list_versions_tasks_changed();
--> statement-breakpoint
CREATE TRIGGER list_versions_subject_rules_update AFTER UPDATE ON subject_rules FOR EACH ROW EXECUTE FUNCTION list_versions_tasks_changed();
--> statement-breakpoint
CREATE TRIGGER list_versions_subject_rules_delete AFTER DELETE ON subject_rules FOR EACH ROW EXECUTE FUNCTION list_versions_tasks_changed();
--> statement-breakpoint
CREATE TRIGGER list_versions_task_states_insert AFTER INSERT ON task_states FOR EACH ROW EXECUTE FUNCTION list_versions_task_states_changed();
--> statement-breakpoint
CREATE TRIGGER list_versions_task_states_update AFTER UPDATE ON task_states FOR EACH ROW EXECUTE FUNCTION list_versions_task_states_changed();
--> statement-breakpoint
CREATE TRIGGER list_versions_task_states_delete AFTER DELETE ON task_states FOR EACH ROW EXECUTE FUNCTION list_versions_task_states_changed();
--> statement-breakpoint
CREATE TRIGGER list_versions_personal_tasks_insert AFTER INSERT ON personal_tasks FOR EACH ROW EXECUTE FUNCTION list_versions_personal_tasks_changed();
--> statement-breakpoint
CREATE TRIGGER list_versions_personal_tasks_update AFTER UPDATE ON personal_tasks FOR EACH ROW EXECUTE FUNCTION list_versions_personal_tasks_changed();
--> statement-breakpoint
CREATE TRIGGER list_versions_personal_tasks_delete AFTER DELETE ON personal_tasks FOR EACH ROW EXECUTE FUNCTION list_versions_personal_tasks_changed();
