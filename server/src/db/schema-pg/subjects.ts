import { boolean, doublePrecision, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { int } from "./columns";

/** Subjects managed by admins (see ../schema/subjects.ts). */
export const subjects = pgTable("subjects", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  nameKey: text("name_key").notNull().unique(),
  color: text("color").notNull(),
  color2: text("color2").notNull(),
  useGradient: boolean("use_gradient").notNull().default(false),
  gradientAngle: int("gradient_angle").notNull().default(135),
  colorOpacity: doublePrecision("color_opacity").notNull().default(1),
  color2Opacity: doublePrecision("color2_opacity").notNull().default(1),
  yearsAllowed: jsonb("years_allowed").$type<string[]>().notNull(),
  groupsAllowed: jsonb("groups_allowed").$type<string[]>().notNull(),
  specialitesAllowed: jsonb("specialites_allowed").$type<string[]>().notNull(),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
});

/** Visibility rules of built-in subjects, keyed by name. */
export const subjectRules = pgTable("subject_rules", {
  subjectName: text("subject_name").primaryKey(),
  yearsAllowed: jsonb("years_allowed").$type<string[]>().notNull(),
  specialitesAllowed: jsonb("specialites_allowed").$type<string[]>().notNull(),
  groupsAllowed: jsonb("groups_allowed").$type<string[]>().notNull(),
  updatedAt: text("updated_at").notNull(),
});
