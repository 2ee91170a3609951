import { sqliteTable, text, integer, real } from "drizzle-orm/sqlite-core";

/** Subjects managed by admins: colours and who may see them. Empty lists allow all. */
export const subjects = sqliteTable("subjects", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  /** Lower-cased trimmed name: unique. */
  nameKey: text("name_key").notNull().unique(),
  color: text("color").notNull(),
  color2: text("color2").notNull(),
  useGradient: integer("use_gradient", { mode: "boolean" }).notNull().default(false),
  gradientAngle: integer("gradient_angle").notNull().default(135),
  colorOpacity: real("color_opacity").notNull().default(1),
  color2Opacity: real("color2_opacity").notNull().default(1),
  yearsAllowed: text("years_allowed", { mode: "json" }).$type<string[]>().notNull(),
  groupsAllowed: text("groups_allowed", { mode: "json" }).$type<string[]>().notNull(),
  specialitesAllowed: text("specialites_allowed", { mode: "json" }).$type<string[]>().notNull(),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
});

/** Visibility rules of built-in subjects, keyed by name ("static rules"). */
export const subjectRules = sqliteTable("subject_rules", {
  subjectName: text("subject_name").primaryKey(),
  yearsAllowed: text("years_allowed", { mode: "json" }).$type<string[]>().notNull(),
  specialitesAllowed: text("specialites_allowed", { mode: "json" }).$type<string[]>().notNull(),
  groupsAllowed: text("groups_allowed", { mode: "json" }).$type<string[]>().notNull(),
  updatedAt: text("updated_at").notNull(),
});
