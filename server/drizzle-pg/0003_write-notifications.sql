-- PostgreSQL only (several nodes, issue 28): every statement that writes a table notifies the
-- channel planify_writes with the table's name, so each node's caches kept "until the next
-- write" (db/pg-write-stamps.ts) hear the other nodes' writes. Notifications leave on commit,
-- and PostgreSQL folds a transaction's identical ones into one, so a transaction costs one per
-- table it wrote. FOR EACH STATEMENT: foreign-key actions and the list's counters (their own
-- statements) notify too. A table added later gets the same trigger in its migration
-- (test/pg/write-notifications.test.ts checks that every table has one).
CREATE FUNCTION planify_writes_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('planify_writes', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> '__planify_migrations' LOOP
    EXECUTE format(
      'CREATE TRIGGER planify_writes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION planify_writes_notify()',
      t
    );
  END LOOP;
END;
$$;
