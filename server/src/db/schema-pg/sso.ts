import { jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { int } from "./columns";
import { users } from "./users";

/** ENT identities tied to accounts (see ../schema/sso.ts). */
export const ssoIdentities = pgTable(
  "sso_identities",
  {
    id: int("id").primaryKey().generatedByDefaultAsIdentity(),
    providerId: text("provider_id").notNull(),
    subject: text("subject").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: int("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("sso_identities_subject_idx").on(t.providerId, t.subject),
    uniqueIndex("sso_identities_user_idx").on(t.userId, t.providerId),
  ],
);

/** One-time codes of finished ENT sign-ins. */
export const ssoLoginCodes = pgTable("sso_login_codes", {
  codeHash: text("code_hash").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expiresAt: int("expires_at").notNull(),
});

/** SAML 2.0 sign-ins started and not yet answered. */
export const samlRequests = pgTable("saml_requests", {
  id: text("id").primaryKey(),
  providerId: text("provider_id").notNull(),
  next: text("next").notNull(),
  expiresAt: int("expires_at").notNull(),
});

/** SAML assertion ids already used, per provider. */
export const samlAssertions = pgTable(
  "saml_assertions",
  {
    providerId: text("provider_id").notNull(),
    assertionId: text("assertion_id").notNull(),
    expiresAt: int("expires_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.assertionId] })],
);

/** Providers set up in the admin screen « Connexion ENT ». */
export const ssoProviders = pgTable("sso_providers", {
  id: text("id").primaryKey(),
  config: jsonb("config").$type<Record<string, unknown>>().notNull(),
  createdAt: int("created_at").notNull(),
  createdBy: text("created_by").notNull(),
  updatedAt: int("updated_at").notNull(),
  updatedBy: text("updated_by").notNull(),
});
