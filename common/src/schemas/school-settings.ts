import { Type, type Static } from "@sinclair/typebox";
import { PASSWORD_SIGN_IN } from "../constants/sign-in";
import { GRADUATE_ERASURE_MONTHS_MAX, RETENTION_YEARS_MAX, RETENTION_YEARS_MIN } from "../constants/privacy";
import { literalUnion } from "./literal-union";
import { ok } from "./shared";
import { SsoProvidersResponse } from "./sso";

/** School-wide settings an admin changes in the app (GET/PUT /admin/school-settings). */
export const SchoolSettings = Type.Object({
  /** "admins": only admins sign in with a password; everyone else uses the ENT. */
  passwordSignIn: literalUnion(PASSWORD_SIGN_IN),
  /** Class tasks and their hand-ins are deleted once their school year is older than this many years. */
  retentionYears: Type.Integer({ minimum: RETENTION_YEARS_MIN, maximum: RETENTION_YEARS_MAX }),
  /** true: a student erases their own account from the profile; false: they ask and an admin erases it. */
  selfServiceErasure: Type.Boolean(),
  /** The data controller (the school) as the privacy notice names it. */
  controllerName: Type.String({ maxLength: 200 }),
  controllerAddress: Type.String({ maxLength: 500 }),
  /** Contact of the school's DPO (délégué à la protection des données). */
  dpoEmail: Type.String({ maxLength: 200 }),
  /** Where Planify is hosted (free text; empty: the school's own server). */
  hostingInfo: Type.String({ maxLength: 500 }),
  /** « Délai avant suppression des diplômés »: months between a graduate's deactivation (rollover) and erasure. */
  graduateErasureMonths: Type.Integer({ minimum: 1, maximum: GRADUATE_ERASURE_MONTHS_MAX }),
});
export type SchoolSettings = Static<typeof SchoolSettings>;

export const SchoolSettingsBody = Type.Partial(SchoolSettings);
export type SchoolSettingsBody = Static<typeof SchoolSettingsBody>;

export const SchoolSettingsResponse = ok({
  settings: SchoolSettings,
  /** true when at least one ENT provider is enabled (password sign-in may then be kept for admins). */
  entEnabled: Type.Boolean(),
});
export type SchoolSettingsResponse = Static<typeof SchoolSettingsResponse>;

/**
 * GET /auth/providers: the enabled ENT providers (schemas/sso.ts) and whether the login popup
 * shows the password form to everyone ("all") or only behind « Connexion administrateur ».
 */
export const SignInOptionsResponse = ok({
  ...SsoProvidersResponse.properties,
  passwordSignIn: literalUnion(PASSWORD_SIGN_IN),
});
export type SignInOptionsResponse = Static<typeof SignInOptionsResponse>;
