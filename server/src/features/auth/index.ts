// The public face of features/auth: what app.ts and other features may import. Everything else
// in this folder is internal (checked by scripts/lib/boundaries.ts).
export { authRoutes, sessionAnswer } from "./routes";
export {
  applyNewPassword,
  findUserByUsername,
  assertPasswordStrength,
  hashPassword,
  listQuestions,
  normalisePassword,
  setSecretQuestions,
  spaceFreeKey,
} from "./service";
export { endCookieSession, sessionCookieRoutes } from "./session-cookie";
export { isEntAccount } from "./ent-accounts";
export { cachedUser } from "./user-cache";
