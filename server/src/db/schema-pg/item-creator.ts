import { boolean, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import type { CreatedItemLook } from "../schema/item-creator";
import { int } from "./columns";

/** Items drawn in the item creator (see ../schema/item-creator.ts). */
export const createdItems = pgTable("created_items", {
  id: text("id").primaryKey(),
  legacyId: int("legacy_id").notNull().unique(),
  name: text("name").notNull(),
  price: int("price").notNull(),
  availableInDailyShop: boolean("available_in_daily_shop").notNull().default(false),
  look: jsonb("look").$type<CreatedItemLook>().notNull(),
  creatorIds: jsonb("creator_ids").$type<string[]>().notNull().default([]),
  creatorUsernames: jsonb("creator_usernames").$type<string[]>().notNull().default([]),
  createdBy: text("created_by"),
  createdAt: int("created_at").notNull(),
  updatedAt: int("updated_at").notNull(),
});

/** Border colours made in the item creator. */
export const createdColors = pgTable("created_colors", {
  id: text("id").primaryKey(),
  legacyId: int("legacy_id").notNull().unique(),
  name: text("name").notNull(),
  color: text("color").notNull(),
  gradient: text("gradient"),
  price: int("price").notNull(),
  availableInDailyShop: boolean("available_in_daily_shop").notNull().default(false),
  createdAt: int("created_at").notNull(),
  updatedAt: int("updated_at").notNull(),
});

/** Images uploaded for created items. */
export const itemAssets = pgTable("item_assets", {
  name: text("name").primaryKey(),
  contentType: text("content_type").notNull(),
  size: int("size").notNull(),
  originalName: text("original_name").notNull(),
  uploadedBy: text("uploaded_by"),
  createdAt: int("created_at").notNull(),
});
