-- The two factions exist from the start, as server/drizzle/0003_social.sql inserts them on
-- SQLite (each with what its members already held: nothing, in a new database).
INSERT INTO factions (name, total_coins) VALUES
  ('Bagnat', (SELECT COALESCE(SUM(faction_coins), 0) FROM users WHERE faction = 'Bagnat')),
  ('Fermier', (SELECT COALESCE(SUM(faction_coins), 0) FROM users WHERE faction = 'Fermier'));
