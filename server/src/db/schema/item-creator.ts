import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { ItemAsset, ItemBackgrounds, ItemVariant } from "@planify/common/schemas/items";

/** What a created item keeps besides its columns: the drawing and its texts, as the admin saved them. */
export interface CreatedItemLook {
  type: "generic" | "discord" | "jojo";
  infoOnly: boolean;
  infoDescription: string;
  removeNavbarBorder: boolean;
  removeLeaderboardBorder: boolean;
  removeProfilePopupBorder: boolean;
  hasDefaultText: boolean;
  defaultText: string;
  assets: ItemAsset[];
  backgrounds: ItemBackgrounds;
  variants: ItemVariant[];
  credits: string;
  borderOpacity: number;
  backgroundOpacity: number;
}

/**
 * Items drawn in the item creator. `legacy_id` is the admin's item number (1 and up, never a
 * fixed catalogue number): collections, codes, gifts and the daily shop refer to it.
 */
export const createdItems = sqliteTable("created_items", {
  id: text("id").primaryKey(),
  legacyId: integer("legacy_id").notNull().unique(),
  name: text("name").notNull(),
  price: integer("price").notNull(),
  availableInDailyShop: integer("available_in_daily_shop", { mode: "boolean" }).notNull().default(false),
  look: text("look", { mode: "json" }).$type<CreatedItemLook>().notNull(),
  creatorIds: text("creator_ids", { mode: "json" }).$type<string[]>().notNull().default([]),
  creatorUsernames: text("creator_usernames", { mode: "json" }).$type<string[]>().notNull().default([]),
  createdBy: text("created_by"),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

/**
 * Border colours made in the item creator. `legacy_id` is the item number collections use:
 * the admin's, or the negative number derived from the colour id (common dynamicColorItemId).
 */
export const createdColors = sqliteTable("created_colors", {
  id: text("id").primaryKey(),
  legacyId: integer("legacy_id").notNull().unique(),
  name: text("name").notNull(),
  color: text("color").notNull(),
  gradient: text("gradient"),
  price: integer("price").notNull(),
  availableInDailyShop: integer("available_in_daily_shop", { mode: "boolean" }).notNull().default(false),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

/**
 * Images uploaded for created items: uploadsDir/item-assets/<name>. The row is what keeps the
 * file through the start-up sweep of unreferenced uploads.
 */
export const itemAssets = sqliteTable("item_assets", {
  name: text("name").primaryKey(),
  contentType: text("content_type").notNull(),
  size: integer("size").notNull(),
  originalName: text("original_name").notNull(),
  uploadedBy: text("uploaded_by"),
  createdAt: integer("created_at").notNull(),
});
