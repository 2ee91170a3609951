import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cachedSubjects, SUBJECTS_KEY } from "./local-store";
import { loadRules, loadSubjects, saveSubject } from "./subjects-api";

// Only the network is replaced. The web talks to this server only: a failed read shows the
// last list it sent (with an error), and writes never fall back to local storage.
const fetchMock = vi.fn();
function serverAnswers(status: number, body: unknown = { success: false, code: "NOT_FOUND", message: "Introuvable" }) {
  fetchMock.mockImplementation(async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
  vi.stubGlobal("fetch", fetchMock);
}
const subject = {
  _id: "s1",
  id: "s1",
  name: "Anglais",
  color: "#2563EB",
  color2: "#60A5FA",
  useGradient: true,
  gradientAngle: 90,
  colorOpacity: 1,
  color2Opacity: 1,
  yearsAllowed: [],
  groupsAllowed: [],
  specialitesAllowed: [],
  createdAt: "",
  updatedAt: "",
};

describe("subjects store", () => {
  beforeEach(() => {
    localStorage.clear();
    fetchMock.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("keeps the server's answer as the cached copy, then shows it with an 'HTTP 503' error when the server fails", async () => {
    serverAnswers(200, { success: true, subjects: [subject] });
    expect((await loadSubjects()).error).toBeNull();
    expect(JSON.parse(localStorage.getItem(SUBJECTS_KEY) ?? "[]")[0]).toMatchObject({ id: "s1", name: "Anglais" });
    serverAnswers(503);
    const loaded = await loadSubjects();
    expect(loaded.error).toBe("HTTP 503");
    expect(loaded.list.map((s) => s.name)).toEqual(["Anglais"]);
  });

  it("reads the rules from /subjects/rules only: no other route is tried on 404", async () => {
    serverAnswers(404);
    expect((await loadRules()).error).toBe("HTTP 404");
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe("/api/subjects/rules");
  });

  it("a write the server refuses or cannot take is an error, never a local-storage write", async () => {
    const input = {
      name: "Vidéo",
      color: "#112233",
      color2: "#60A5FA",
      useGradient: false,
      gradientAngle: 90,
      colorOpacity: 1,
      color2Opacity: 1,
      yearsAllowed: [],
      groupsAllowed: [],
      specialitesAllowed: [],
    };
    serverAnswers(404);
    await expect(saveSubject(input)).rejects.toMatchObject({ status: 404 });
    serverAnswers(409, { success: false, code: "CONFLICT", message: "Une matière porte déjà ce nom." });
    await expect(saveSubject(input)).rejects.toMatchObject({ serverMessage: "Une matière porte déjà ce nom." });
    expect(cachedSubjects.read()).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
