-- PostgreSQL only (several nodes, issue 28): a change of users' balances alone (the ledger's
-- statements, all day long) announces each row it changed as users#<id> instead of the users
-- table, so the other nodes let go of those users' cached rows and keep everyone else's: their
-- session checks stay in memory. A statement that sets any other column of users still
-- announces the table. The same rule holds for this node's own statements
-- (db/pg-write-stamps.ts, balanceRowOf).
-- planify_writes keeps INSERT, DELETE and TRUNCATE; planify_writes_update takes an UPDATE that
-- sets any column but the balances (a column added to users later joins its list:
-- test/pg/write-notifications.test.ts checks it); planify_writes_balances announces each row
-- whose balances changed.
DROP TRIGGER planify_writes ON users;
--> statement-breakpoint
CREATE TRIGGER planify_writes AFTER INSERT OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION planify_writes_notify();
--> statement-breakpoint
CREATE TRIGGER planify_writes_update AFTER UPDATE OF
  id, username, username_key, password_hash, role, token_version, first_name, last_name, year, groupe,
  specialite, faction, equipped_item_id, selected_border_color, avatar, avatar_version, avatar_updated_at,
  avatar_crop, public_note, music_src, music_title, music_start_seconds, music_duration_seconds, theme,
  dark_brightness, dark_contrast, dynamic_item_variants, completed_tasks, leaderboard_enabled,
  must_change_password, profile_pending, erasure_requested_at, deactivated_at, erase_after, created_at, updated_at
  ON users FOR EACH STATEMENT EXECUTE FUNCTION planify_writes_notify();
--> statement-breakpoint
CREATE FUNCTION planify_balances_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('planify_writes', TG_TABLE_NAME || '#' || NEW.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER planify_writes_balances AFTER UPDATE OF coins, leaderboard_coins, faction_coins ON users FOR EACH ROW
  WHEN ((OLD.coins, OLD.leaderboard_coins, OLD.faction_coins) IS DISTINCT FROM (NEW.coins, NEW.leaderboard_coins, NEW.faction_coins))
  EXECUTE FUNCTION planify_balances_notify();
