import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeLogin } from "../test-session";

type Modules = { api: typeof import("../api"); client: typeof import("./client"); session: typeof import("../session") };
let m: Modules;
let fetchMock: ReturnType<typeof vi.fn>;

function answer(status: number, statusText: string, body?: unknown, headers: Record<string, string> = {}) {
  fetchMock.mockImplementation(
    async () =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        statusText,
        headers: { "Content-Type": "application/json", ...headers },
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
  m = { api: await import("../api"), client: await import("./client"), session: await import("../session") };
  fetchMock = vi.fn();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("typed client: requests", () => {
  it("fills path and query parameters from the typed options and sends the session's token", async () => {
    m.session.saveLogin(fakeLogin(), false);
    answer(200, "OK", { success: true, message: "ok" });
    const { apiClient, answerOf } = m.client;
    await answerOf(apiClient.DELETE("/api/school-timetable/classes", { params: { query: { year: "BUT2", groupe: "A'" } } }));
    const { url, init, headers } = lastRequest();
    expect(url).toBe("/api/school-timetable/classes?year=BUT2&groupe=A%27");
    expect(init.method).toBe("DELETE");
    expect(headers["X-Requested-With"]).toBe("XMLHttpRequest");
    expect(headers.Authorization).toBe("Bearer token-u1");
    expect(headers["content-type"]).toBeUndefined();
    await answerOf(apiClient.GET("/api/users/{id}", { params: { path: { id: "a/b" } } }));
    expect(lastRequest().url).toBe("/api/users/a%2Fb");
  });

  it("sends a JSON body with its content type and per-call headers (Idempotency-Key)", async () => {
    answer(200, "OK", { success: true });
    await m.client.apiClient.POST("/api/contact", {
      body: { name: "Léa", email_from: "lea@example.fr", phone: "", Promo: "BUT1", subject: "Bonjour", Description: "Salut" },
      headers: { "Idempotency-Key": "k-1" },
    });
    const { init, headers } = lastRequest();
    expect(init.method).toBe("POST");
    expect(headers["content-type"]).toBe("application/json");
    expect(JSON.parse(String(init.body))).toMatchObject({ name: "Léa" });
    expect(headers["idempotency-key"]).toBe("k-1");
  });

  it("leaves the token out of anonymous calls and uses an explicit token when given", async () => {
    m.session.saveLogin(fakeLogin(), true);
    answer(200, "OK", {});
    const { apiClientWith } = m.client;
    await apiClientWith({ anonymous: true }).POST("/api/users/login", { body: { username: "a", password: "b" } });
    expect(lastRequest().headers.Authorization).toBeUndefined();
    await apiClientWith({ token: "fresh-token" }).GET("/api/coins/user-coins");
    expect(lastRequest().headers.Authorization).toBe("Bearer fresh-token");
  });

  it("sends a multipart body from the typed fields (files as Blob), with the browser's boundary", async () => {
    answer(200, "OK", { success: true, files: [] });
    const { apiClient, answerOf, formData } = m.client;
    const file = new File(["png-bytes"], "fond.png", { type: "image/png" });
    await answerOf(apiClient.POST("/api/items/upload", { body: { files: [file] }, bodySerializer: formData }));
    const { init, headers } = lastRequest();
    expect(headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    const sent = await new Response(init.body as Blob, { headers: { "content-type": headers["content-type"]! } }).formData();
    expect((sent.getAll("files") as File[]).map((f) => f.name)).toEqual(["fond.png"]);
  });

  it("answers undefined for 204 instead of failing on an empty body", async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    expect(await m.client.answerOf(m.client.apiClient.GET("/api/popups/for-me"))).toBeUndefined();
  });
});

describe("typed client: errors stay ApiError in French", () => {
  it("builds 'Erreur {status}: {statusText}' and the server message, with its code", async () => {
    answer(409, "Conflict", { success: false, message: "Déjà possédé", code: "ALREADY_OWNED" });
    const error = await m.client.answerOf(m.client.apiClient.POST("/api/coins/spin-wheel")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(m.api.ApiError);
    expect((error as Error).message).toBe("Erreur 409: Conflict Déjà possédé");
    expect(m.api.hasCode(error, "ALREADY_OWNED")).toBe(true);
  });

  it("on a 401 with the session: 'Session expirée' and the session cleared; anonymous keeps it", async () => {
    m.session.saveLogin(fakeLogin(), true);
    answer(401, "Unauthorized", { success: false, message: "Mot de passe incorrect", code: "UNAUTHORIZED" });
    await expect(
      m.client.apiClientWith({ anonymous: true }).POST("/api/users/login", { body: { username: "a", password: "b" } }),
    ).rejects.toThrow("Erreur 401: Unauthorized Mot de passe incorrect");
    expect(m.session.getToken()).toBe("token-u1");
    await expect(m.client.apiClient.GET("/api/coins/user-coins")).rejects.toThrow(/^Session expirée$/);
    expect(m.session.getSession()).toBeNull();
  });

  it("an offline write stops before the network with the offline message and the layout's notice", async () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const notice = vi.fn();
    window.addEventListener("planify:needs-connection", notice);
    const error = await m.client.apiClient.POST("/api/coins/spin-wheel").catch((e: unknown) => e);
    await expect(m.client.apiClientWith({ background: true }).POST("/api/coins/spin-wheel")).rejects.toBeInstanceOf(m.api.OfflineError);
    window.removeEventListener("planify:needs-connection", notice);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(error).toBeInstanceOf(m.api.OfflineError);
    expect((error as Error).message).toBe("Hors ligne : cette action nécessite une connexion Internet.");
    expect(notice).toHaveBeenCalledTimes(1); // the background replay tells no one
  });

  it("an abort the caller asked for stays an abort; an answer from the worker's cache marks the app offline", async () => {
    const controller = new AbortController();
    fetchMock.mockImplementationOnce(async () => {
      controller.abort();
      throw new DOMException("The user aborted a request.", "AbortError");
    });
    const error = await m.client.apiClient.GET("/api/coins/user-coins", { signal: controller.signal }).catch((e: unknown) => e);
    expect((error as Error).name).toBe("AbortError");
    const { isOffline } = await import("../connectivity");
    expect(isOffline()).toBe(false);
    answer(200, "OK", {}, { "X-Planify-Offline": "1" });
    await m.client.apiClient.GET("/api/coins/user-coins");
    expect(isOffline()).toBe(true);
  });
});
