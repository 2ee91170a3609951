import { describe, expect, it } from "vitest";
import { createTestApp } from "./helpers";

// Two apps in one process (tests, a future embedded server) must not share route guards:
// a route option object reused across apps once carried the first app's session check, so
// the second app read sessions from the first app's (closed) database and answered 401.
describe("route guards belong to their own app", () => {
  it("after a first app is closed, a second app's guarded routes check sessions on its own database", async () => {
    const first = createTestApp();
    await first.user({ role: "eleve" });
    await first.request("GET", "/api/users/avatar/01a20b02-0000-7000-8000-000000000000");
    await first.request("POST", "/api/users/ack-gift/1");
    await first.request("POST", "/api/events/x/check");
    first.close();

    const second = createTestApp();
    try {
      const me = await second.user({ role: "eleve" });
      const avatar = await second.request("GET", `/api/users/avatar/${me.id}?v=0`, { token: me.token });
      expect(avatar.status).toBe(404);
      const ack = await second.request("POST", "/api/users/ack-gift/1", { token: me.token });
      expect(ack.status).not.toBe(401);
      const check = await second.request("POST", "/api/events/inconnue/check", { token: me.token });
      expect(check.status).toBe(404);
    } finally {
      second.close();
    }
  });
});
