import { integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/**
 * ENT identities tied to accounts: one account per identity (provider + subject) and one
 * identity per provider per account. Deleting the account unties it.
 */
export const ssoIdentities = sqliteTable(
  "sso_identities",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The provider's id in the configuration file. */
    providerId: text("provider_id").notNull(),
    /** The provider's stable identifier of the person (OIDC `sub`). */
    subject: text("subject").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("sso_identities_subject_idx").on(t.providerId, t.subject),
    uniqueIndex("sso_identities_user_idx").on(t.userId, t.providerId),
  ],
);

/** One-time codes of finished ENT sign-ins, traded once by the web app for its session (60 s). */
export const ssoLoginCodes = sqliteTable("sso_login_codes", {
  /** SHA-256 of the code, ".", SHA-256 of the browser binding it was issued to (the code itself only travels in the URL fragment). */
  codeHash: text("code_hash").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expiresAt: integer("expires_at").notNull(),
});

/**
 * SAML 2.0 sign-ins started and not yet answered (10 minutes, single use). The IdP answers by
 * a cross-site POST that carries no SameSite=Lax cookie, so the request is kept here and found
 * again through the response's InResponseTo.
 */
export const samlRequests = sqliteTable("saml_requests", {
  /** The AuthnRequest's ID. */
  id: text("id").primaryKey(),
  providerId: text("provider_id").notNull(),
  /**
   * "<binding hash> <next>": the hash of the browser binding of the sign-in (browser-binding.ts),
   * then where the browser goes once signed in (a same-origin path, checked at start: no space).
   */
  next: text("next").notNull(),
  expiresAt: integer("expires_at").notNull(),
});

/** Assertion ids already used, per provider, kept until their NotOnOrAfter (no replay). */
export const samlAssertions = sqliteTable(
  "saml_assertions",
  {
    providerId: text("provider_id").notNull(),
    assertionId: text("assertion_id").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.assertionId] })],
);

/**
 * Providers the school set up in the admin screen « Connexion ENT » (those of the
 * PLANIFY_SSO_CONFIG file are not stored). `config` is one entry of that file's shape, read by
 * the same readProvider; it may hold the OIDC client secret (like password hashes, the
 * database file holds it), which the API never answers.
 */
export const ssoProviders = sqliteTable("sso_providers", {
  /** The provider's id (in its addresses: /api/auth/sso/{id}/…). */
  id: text("id").primaryKey(),
  config: text("config", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
  createdAt: integer("created_at").notNull(),
  /** Username of the admin who created it (kept as text: the row outlives the account). */
  createdBy: text("created_by").notNull(),
  updatedAt: integer("updated_at").notNull(),
  updatedBy: text("updated_by").notNull(),
});
