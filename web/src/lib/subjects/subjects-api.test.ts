import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { localSubjects, SUBJECTS_KEY } from "./local-store";
import { loadSubjects, saveSubject } from "./subjects-api";
import { normaliseSubject } from "./subject-types";

// Only the network is replaced: the server is absent (404), as spec 3 §4 describes.
function serverAnswers(status: number, body: unknown = { message: "Introuvable" }) {
  vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })));
}

describe("subjects store fallback", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it("falls back to the local copy with an 'HTTP 404' store error", async () => {
    localSubjects.write([normaliseSubject({ id: "local-1", name: "Photo", color: "#112233" })]);
    serverAnswers(404);
    const loaded = await loadSubjects();
    expect(loaded.error).toBe("HTTP 404");
    expect(loaded.list.map((s) => s.name)).toEqual(["Photo"]);
  });

  it("keeps a fresh server answer as the local copy", async () => {
    serverAnswers(200, { success: true, subjects: [{ _id: "s1", name: "Anglais", color: "#2563EB", useGradient: true }] });
    const loaded = await loadSubjects();
    expect(loaded.error).toBeNull();
    expect(JSON.parse(localStorage.getItem(SUBJECTS_KEY) ?? "[]")[0]).toMatchObject({ id: "s1", name: "Anglais", useGradient: true });
  });

  it("writes to local storage when the route is missing, but not on a refusal", async () => {
    serverAnswers(404);
    await saveSubject({ ...normaliseSubject({ name: "Vidéo" }) });
    expect(localSubjects.read().map((s) => s.name)).toEqual(["Vidéo"]);
    serverAnswers(409, { success: false, message: "Une matière porte déjà ce nom." });
    await expect(saveSubject({ ...normaliseSubject({ name: "Vidéo" }) })).rejects.toMatchObject({ serverMessage: "Une matière porte déjà ce nom." });
    expect(localSubjects.read()).toHaveLength(1);
  });
});
