-- Custom SQL migration file, put your code below! --
-- Balances never go below zero (server rules §2). SQLite cannot add a CHECK to an existing
-- table without rebuilding it (which would cascade-delete child rows), so these triggers
-- are the database-level guard behind the ledger's conditional updates.
CREATE TRIGGER `users_balances_nonnegative_update`
BEFORE UPDATE OF `coins`, `leaderboard_coins`, `faction_coins` ON `users`
WHEN NEW.`coins` < 0 OR NEW.`leaderboard_coins` < 0 OR NEW.`faction_coins` < 0
BEGIN
  SELECT RAISE(ABORT, 'balance below zero');
END;
--> statement-breakpoint
CREATE TRIGGER `users_balances_nonnegative_insert`
BEFORE INSERT ON `users`
WHEN NEW.`coins` < 0 OR NEW.`leaderboard_coins` < 0 OR NEW.`faction_coins` < 0
BEGIN
  SELECT RAISE(ABORT, 'balance below zero');
END;
