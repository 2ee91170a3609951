// Test helper (not a test file): a login answer as the server sends it, expiring in `ms`.
import type { LoginResponse, SessionUser } from "@planify/common/schemas/users";

export function fakeLogin(ms = 3_600_000, overrides: Partial<SessionUser> = {}): LoginResponse {
  const user = { id: "u1", _id: "u1", username: "emma.petit", role: "eleve", isAdmin: false, ...overrides } as SessionUser;
  return {
    ...user,
    success: true,
    message: "Connexion réussie",
    user,
    token: `token-${user.id}`,
    expiresAt: new Date(Date.now() + ms).toISOString(),
    hasSecretQuestions: true,
    mustChangePassword: false,
  };
}
