-- Border colours move to the catalogue of record (the ids, item numbers and names that
-- schools running Planify already use). Every stored colour reference is rewritten:
-- owned colours, the selected colour, daily shop picks, reward codes and ledger references.
-- Old colours without a counterpart map to the nearest colour of record. When two colours a
-- user owned land on the same new colour, the user keeps the oldest row and gets the old
-- price of each other one back as coins (ledger reason colour-migration), whatever the
-- source (purchase, gift, code). Old black was the free default: it becomes `default`.
CREATE TEMP TABLE colour_map (old_id TEXT PRIMARY KEY, new_id TEXT NOT NULL, old_price INTEGER NOT NULL);
--> statement-breakpoint
INSERT INTO colour_map (old_id, new_id, old_price) VALUES
  ('black', 'default', 0),
  ('white', 'white', 60),
  ('red', 'red', 60),
  ('orange', 'orange', 60),
  ('yellow', 'yellow', 60),
  ('green', 'green', 60),
  ('blue', 'blue', 60),
  ('purple', 'purple', 60),
  ('pink', 'pink', 60),
  ('grey', 'storm', 60),
  ('gold', 'gold', 100),
  ('silver', 'silver', 100),
  ('bronze', 'bronze', 100),
  ('neon', 'green', 100),
  ('mint', 'lime-green', 100),
  ('lavender', 'purple', 100),
  ('coral', 'orange', 100),
  ('turquoise', 'cyan', 100),
  ('burgundy', 'volcano', 100),
  ('emerald', 'forest', 100),
  ('sapphire', 'blue', 100),
  ('ruby', 'pink', 100),
  ('amethyst', 'dusk', 100),
  ('copper', 'bronze', 100),
  ('khaki', 'desert', 100),
  ('navy', 'midnight', 100),
  ('salmon', 'pink', 100),
  ('peach', 'dawn', 100),
  ('sand', 'desert', 100),
  ('chocolate', 'autumn', 100),
  ('cherry', 'pink', 100),
  ('lime', 'spring', 100),
  ('sky', 'winter', 100),
  ('sunset', 'sunset', 150),
  ('ocean', 'ocean', 150),
  ('forest', 'forest', 150),
  ('fire', 'fire', 150),
  ('ice', 'ice', 150),
  ('candy', 'g217', 150),
  ('night', 'g224', 150),
  ('aurora', 'aurora', 150),
  ('royal', 'galaxy', 150),
  ('peach-melba', 'g220', 150),
  ('rainbow', 'rainbow', 150),
  ('g200', 'g200', 200),
  ('g201', 'g201', 200),
  ('g202', 'g202', 200),
  ('g203', 'g203', 200),
  ('g204', 'g204', 200),
  ('g205', 'g205', 200),
  ('g206', 'g206', 200),
  ('g207', 'g207', 200),
  ('g208', 'g208', 200),
  ('g209', 'g209', 200),
  ('g210', 'g210', 200),
  ('g211', 'g211', 200),
  ('g212', 'g212', 200),
  ('g213', 'g213', 200),
  ('g214', 'g214', 200),
  ('g215', 'g215', 200),
  ('g216', 'g216', 200),
  ('g217', 'g217', 200),
  ('g218', 'g218', 200),
  ('g219', 'g219', 200),
  ('g220', 'g220', 200),
  ('g221', 'g221', 200),
  ('g222', 'g222', 200),
  ('g223', 'g223', 200),
  ('g224', 'g224', 200),
  ('g225', 'g225', 200),
  ('g226', 'g226', 200),
  ('g227', 'g227', 200),
  ('g228', 'g228', 200),
  ('g229', 'g229', 200),
  ('g230', 'g230', 200),
  ('g231', 'g231', 200);
--> statement-breakpoint
CREATE TEMP TABLE colour_item (id TEXT PRIMARY KEY, item INTEGER NOT NULL);
--> statement-breakpoint
INSERT INTO colour_item (id, item) VALUES
  ('red', 100),
  ('green', 102),
  ('blue', 101),
  ('yellow', 103),
  ('cyan', 107),
  ('magenta', 129),
  ('orange', 105),
  ('pink', 106),
  ('purple', 104),
  ('white', 132),
  ('lime-green', 130),
  ('royal-blue', 131),
  ('gold', 108),
  ('silver', 109),
  ('bronze', 133),
  ('rainbow', 110),
  ('fire', 111),
  ('ice', 112),
  ('sunset', 113),
  ('ocean', 114),
  ('forest', 115),
  ('desert', 116),
  ('galaxy', 117),
  ('aurora', 118),
  ('volcano', 119),
  ('crystal', 120),
  ('midnight', 121),
  ('dawn', 122),
  ('dusk', 123),
  ('storm', 124),
  ('spring', 125),
  ('summer', 126),
  ('autumn', 127),
  ('winter', 128),
  ('gradient-instagram', 143),
  ('gradient-mint', 134),
  ('gradient-sunset', 135),
  ('gradient-duo', 136),
  ('gradient-red-fade', 137),
  ('gradient-green-fade', 138),
  ('gradient-blue-fade', 139),
  ('gradient-yellow-fade', 140),
  ('gradient-cyan-fade', 141),
  ('gradient-magenta-fade', 142),
  ('g200', 200),
  ('g201', 201),
  ('g202', 202),
  ('g203', 203),
  ('g204', 204),
  ('g205', 205),
  ('g206', 206),
  ('g207', 207),
  ('g208', 208),
  ('g209', 209),
  ('g210', 210),
  ('g211', 211),
  ('g212', 212),
  ('g213', 213),
  ('g214', 214),
  ('g215', 215),
  ('g216', 216),
  ('g217', 217),
  ('g218', 218),
  ('g219', 219),
  ('g220', 220),
  ('g221', 221),
  ('g222', 222),
  ('g223', 223),
  ('g224', 224),
  ('g225', 225),
  ('g226', 226),
  ('g227', 227),
  ('g228', 228),
  ('g229', 229),
  ('g230', 230),
  ('g231', 231);
--> statement-breakpoint
CREATE TEMP TABLE colour_rows AS
SELECT ui.user_id, ui.color_id AS old_id, m.new_id, n.item AS new_item, COALESCE(m.old_price, 0) AS old_price,
  ui.source, ui.admin_message, ui.admin_gift_read, ui.acquired_at,
  ROW_NUMBER() OVER (PARTITION BY ui.user_id, m.new_id ORDER BY ui.acquired_at, ui.item_id) AS pos
FROM user_items ui
LEFT JOIN colour_map m ON m.old_id = ui.color_id
LEFT JOIN colour_item n ON n.id = m.new_id
WHERE ui.color_id IS NOT NULL;
--> statement-breakpoint
DELETE FROM user_items WHERE color_id IS NOT NULL;
--> statement-breakpoint
INSERT INTO user_items (user_id, item_id, color_id, source, admin_message, admin_gift_read, acquired_at)
SELECT user_id, new_item, new_id, source, admin_message, admin_gift_read, acquired_at
FROM colour_rows WHERE new_item IS NOT NULL AND pos = 1;
--> statement-breakpoint
UPDATE coin_ledger
SET reference = 'color:' || (SELECT new_id FROM colour_map WHERE 'color:' || old_id = coin_ledger.reference)
WHERE reference IN (SELECT 'color:' || old_id FROM colour_map);
--> statement-breakpoint
INSERT INTO coin_ledger (user_id, coins_delta, leaderboard_delta, faction_delta, reason, reference, created_at)
SELECT user_id, old_price, 0, 0, 'colour-migration', 'color:' || old_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
FROM colour_rows WHERE new_item IS NOT NULL AND pos > 1 AND old_price > 0;
--> statement-breakpoint
UPDATE users
SET coins = coins + (SELECT SUM(old_price) FROM colour_rows r WHERE r.user_id = users.id AND r.new_item IS NOT NULL AND r.pos > 1)
WHERE id IN (SELECT user_id FROM colour_rows WHERE new_item IS NOT NULL AND pos > 1 AND old_price > 0);
--> statement-breakpoint
UPDATE users
SET selected_border_color = COALESCE((SELECT new_id FROM colour_map WHERE old_id = users.selected_border_color), 'default');
--> statement-breakpoint
UPDATE daily_shops SET color_ids = (
  SELECT json_group_array(new_id) FROM (
    SELECT m.new_id, MIN(CAST(j.key AS INTEGER)) AS k
    FROM json_each(daily_shops.color_ids) j JOIN colour_map m ON m.old_id = j.value
    WHERE m.new_id <> 'default' GROUP BY m.new_id ORDER BY k
  )
);
--> statement-breakpoint
UPDATE redeem_codes SET colors = (
  SELECT json_group_array(new_id) FROM (
    SELECT m.new_id, MIN(CAST(j.key AS INTEGER)) AS k
    FROM json_each(redeem_codes.colors) j JOIN colour_map m ON m.old_id = j.value
    WHERE m.new_id <> 'default' GROUP BY m.new_id ORDER BY k
  )
);
--> statement-breakpoint
DROP TABLE colour_rows;
--> statement-breakpoint
DROP TABLE colour_item;
--> statement-breakpoint
DROP TABLE colour_map;
