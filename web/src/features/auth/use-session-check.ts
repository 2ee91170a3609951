import { useEffect } from "react";
import { getSession, updateUser } from "../../lib/session";

/**
 * Checks the rehydrated session with the server once at start: a revoked token
 * answers 401 and api() ends the session; otherwise the stored user fields are refreshed.
 */
export function useSessionCheck(): void {
  useEffect(() => {
    const session = getSession();
    if (!session) return;
    const controller = new AbortController();
    // The typed client loads after the first paint (this runs from an effect): it stays off the first page.
    import("../../lib/api/client")
      .then(({ answerOf, apiClient }) =>
        answerOf(apiClient.GET("/api/users/{id}", { params: { path: { id: session.user.id } }, signal: controller.signal })),
      )
      .then(({ user: _nested, secretQuestions: _questions, ...fields }) => {
        if (getSession()?.token === session.token) updateUser({ ...fields, isAdmin: fields.role === "admin" });
      })
      // The refresh is best effort: a failure keeps the session's last copy of the user (a 401 is handled by the transport).
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
}
