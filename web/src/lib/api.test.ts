import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeLogin } from "./test-session";

type Modules = { api: typeof import("./api"); session: typeof import("./session") };
let m: Modules;
let fetchMock: ReturnType<typeof vi.fn>;

function answer(status: number, statusText: string, body?: unknown) {
  fetchMock.mockImplementation(
    async () =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        statusText,
        headers: { "Content-Type": "application/json" },
      }),
  );
}

function lastRequest(): { url: string; init: RequestInit; headers: Record<string, string> } {
  const [url, init] = fetchMock.mock.calls.at(-1) as [string, RequestInit];
  return { url, init, headers: init.headers as Record<string, string> };
}

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  vi.resetModules();
  m = { api: await import("./api"), session: await import("./session") };
  fetchMock = vi.fn();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe("api() errors", () => {
  it("builds 'Erreur {status}: {statusText}' followed by the server message", async () => {
    answer(409, "Conflict", { success: false, message: "Déjà possédé", code: "CONFLICT" });
    const error = await m.api.api("/shop/buy", { body: { id: 3 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(m.api.ApiError);
    expect((error as Error).message).toBe("Erreur 409: Conflict Déjà possédé");
    expect((error as InstanceType<typeof m.api.ApiError>).serverMessage).toBe("Déjà possédé");
  });

  it("uses the status line alone when the server sends no message", async () => {
    fetchMock.mockResolvedValue(new Response("oops", { status: 502, statusText: "Bad Gateway" }));
    await expect(m.api.api("/health")).rejects.toThrow(/^Erreur 502: Bad Gateway$/);
  });

  it("a request that never got an answer is judged offline by what happened to it, though navigator.onLine says true", async () => {
    expect(navigator.onLine).toBe(true); // a dead or captive Wi-Fi
    const notice = vi.fn();
    window.addEventListener("planify:needs-connection", notice);
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    const read = await m.api.api("/health").catch((e: unknown) => e);
    expect(read).toBeInstanceOf(m.api.OfflineError);
    expect((read as Error).message).toBe("Hors ligne : cette action nécessite une connexion Internet.");
    expect(notice).not.toHaveBeenCalled(); // a read tells no one
    const write = await m.api.api("/events/1/submissions", { body: {} }).catch((e: unknown) => e);
    window.removeEventListener("planify:needs-connection", notice);
    expect(m.api.errorText(write, "Erreur lors du dépôt")).toBe("Hors ligne : cette action nécessite une connexion Internet.");
    expect(notice).toHaveBeenCalledTimes(1);
    expect((await import("./connectivity")).isOffline()).toBe(true);
  });

  it("an abort the caller asked for stays an abort, not 'offline'", async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(async () => {
      controller.abort();
      throw new DOMException("The user aborted a request.", "AbortError");
    });
    const error = await m.api.api("/events", { signal: controller.signal }).catch((e: unknown) => e);
    expect((error as Error).name).toBe("AbortError");
    expect((await import("./connectivity")).isOffline()).toBe(false);
  });

  it("on a 401 with a session: 'Session expirée', session cleared, auth-logout fired", async () => {
    m.session.saveLogin(fakeLogin(), true);
    const onLogout = vi.fn();
    window.addEventListener(m.session.AUTH_LOGOUT_EVENT, onLogout);
    answer(401, "Unauthorized", { success: false, message: "Session invalide", code: "UNAUTHORIZED" });
    await expect(m.api.api("/coins/balance")).rejects.toThrow(/^Session expirée$/);
    expect(m.session.getSession()).toBeNull();
    expect(localStorage.getItem(m.session.USER_KEY)).toBeNull();
    expect(onLogout).toHaveBeenCalledTimes(1);
    window.removeEventListener(m.session.AUTH_LOGOUT_EVENT, onLogout);
  });

  it("redirects to / only once from a protected path", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, pathname: "/admin/users", assign });
    for (let i = 0; i < 2; i++) {
      m.session.saveLogin(fakeLogin(), true);
      answer(401, "Unauthorized", {});
      // The 401 is expected; the test checks what it did to the session.
      await m.api.api("/admin/users").catch(() => undefined);
    }
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith("/");
  });

  it("does not redirect from a public path", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, pathname: "/devoirs", assign });
    m.session.saveLogin(fakeLogin(), true);
    answer(401, "Unauthorized", {});
    // The 401 is expected; the test checks what it did to the session.
    await m.api.api("/tasks").catch(() => undefined);
    expect(assign).not.toHaveBeenCalled();
  });

  it("a 401 on an anonymous call (failed login) keeps the session and the server message", async () => {
    m.session.saveLogin(fakeLogin(), true);
    answer(401, "Unauthorized", { success: false, message: "Nom d'utilisateur ou mot de passe incorrect" });
    await expect(m.api.api("/users/login", { body: {}, anonymous: true })).rejects.toThrow(
      "Erreur 401: Unauthorized Nom d'utilisateur ou mot de passe incorrect",
    );
    expect(m.session.getToken()).toBe("token-u1");
  });
});

describe("api() requests", () => {
  it("sends X-Requested-With and the bearer token, and no JSON type without a body", async () => {
    m.session.saveLogin(fakeLogin(), false);
    answer(200, "OK", { ok: 1 });
    expect(await m.api.api("/popups/for-me")).toEqual({ ok: 1 });
    const { url, init, headers } = lastRequest();
    expect(url).toBe("/api/popups/for-me");
    expect(init.method).toBe("GET");
    expect(headers["X-Requested-With"]).toBe("XMLHttpRequest");
    expect(headers.Authorization).toBe("Bearer token-u1");
    expect(headers["Content-Type"]).toBeUndefined();
  });

  it("sends a JSON body with its content type", async () => {
    answer(200, "OK", {});
    await m.api.api("/contact", { body: { name: "Léa" } });
    const { init, headers } = lastRequest();
    expect(init.method).toBe("POST");
    expect(headers["Content-Type"]).toBe("application/json");
    expect(init.body).toBe('{"name":"Léa"}');
    expect(headers.Authorization).toBeUndefined();
  });

  it("leaves the token out of anonymous calls and uses an explicit token when given", async () => {
    m.session.saveLogin(fakeLogin(), true);
    answer(200, "OK", {});
    await m.api.api("/users/login", { body: {}, anonymous: true });
    expect(lastRequest().headers.Authorization).toBeUndefined();
    await m.api.api("/users/secret-questions", { body: {}, token: "fresh-token" });
    expect(lastRequest().headers.Authorization).toBe("Bearer fresh-token");
  });

  it("answers null for 204", async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    expect(await m.api.api("/popups/for-me")).toBeNull();
  });
});

describe("api() without a connection", () => {
  const goOffline = () => vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
  afterEach(() => vi.restoreAllMocks());

  it("stops a write before any call with the French offline message, and tells the layout", async () => {
    goOffline();
    const notice = vi.fn();
    window.addEventListener("planify:needs-connection", notice);
    const error = await m.api.api("/events", { body: { titre: "x" } }).catch((e: unknown) => e);
    window.removeEventListener("planify:needs-connection", notice);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(error).toBeInstanceOf(m.api.OfflineError);
    expect((error as Error).message).toBe("Hors ligne : cette action nécessite une connexion Internet.");
    expect((error as InstanceType<typeof m.api.ApiError>).isNetwork).toBe(true);
    expect(m.api.errorText(error, "Erreur lors de l'ajout")).toBe("Hors ligne : cette action nécessite une connexion Internet.");
    expect(notice).toHaveBeenCalledTimes(1);
  });

  it("a background write (the offline queue) fails the same way without a notice", async () => {
    goOffline();
    const notice = vi.fn();
    window.addEventListener("planify:needs-connection", notice);
    await expect(m.api.api("/events/1/check", { body: {}, background: true })).rejects.toBeInstanceOf(m.api.OfflineError);
    window.removeEventListener("planify:needs-connection", notice);
    expect(notice).not.toHaveBeenCalled();
  });

  it("still sends a read (the service worker may answer from its copy); a failed one says offline", async () => {
    goOffline();
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(m.api.api("/shop/daily")).rejects.toThrow("Hors ligne : cette action nécessite une connexion Internet.");
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("an answer from the worker's cache marks the app offline; a live answer marks it back online", async () => {
    const { isOffline } = await import("./connectivity");
    fetchMock.mockResolvedValueOnce(new Response("{}", { headers: { "Content-Type": "application/json", "X-Planify-Offline": "1" } }));
    await m.api.api("/events");
    expect(isOffline()).toBe(true);
    fetchMock.mockResolvedValueOnce(new Response("{}", { headers: { "Content-Type": "application/json" } }));
    await m.api.api("/events");
    expect(isOffline()).toBe(false);
  });
});
