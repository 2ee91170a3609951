import { describe, expect, it } from "vitest";
import { SOCIAL_MESSAGES } from "@planify/common/constants/social";
import { appPerFile, everyActor, scenarioTests, type Scenario } from "../../../test/helpers";

// Theme and public note: saved on the server, read back at the next login and on the profile.
const app = appPerFile();
const env = () => app;
const signedIn = { guest: 401, eleve: 200, etudiant: 200, delegue: 200, prof: 200, admin: 200 };

const theme: Scenario[] = [
  ...everyActor(
    { method: "PUT", url: "/api/users/me/theme", body: { theme: "dark" } },
    signedIn,
    "anyone saves their theme; dark tuning keeps its defaults",
    {
      401: { code: "UNAUTHORIZED" },
      200: { success: true, theme: "dark", darkBrightness: 100, darkContrast: 95 },
    },
  ),
  {
    name: "with the dark tuning",
    method: "PUT",
    url: "/api/users/me/theme",
    as: "eleve",
    body: { theme: "auto", darkBrightness: 120, darkContrast: 80 },
    status: 200,
    expect: { theme: "auto", darkBrightness: 120, darkContrast: 80 },
  },
  {
    name: "the tuning is kept when only the theme changes",
    method: "PUT",
    url: "/api/users/me/theme",
    as: "eleve",
    body: { theme: "light" },
    status: 200,
    expect: { theme: "light", darkBrightness: 120, darkContrast: 80 },
  },
  {
    name: "unknown theme",
    method: "PUT",
    url: "/api/users/me/theme",
    as: "eleve",
    body: { theme: "sepia" },
    status: 400,
    expect: { code: "VALIDATION" },
  },
  {
    name: "tuning out of range",
    method: "PUT",
    url: "/api/users/me/theme",
    as: "eleve",
    body: { theme: "dark", darkBrightness: 400 },
    status: 400,
  },
];

const long = "Une note beaucoup trop longue pour tenir dans soixante caractères, vraiment.";
const note: Scenario[] = [
  ...everyActor(
    { method: "PUT", url: "/api/users/me/public-note", body: { publicNote: "  Bonjour à tous !  " } },
    signedIn,
    "anyone saves their note, trimmed",
    {
      401: { code: "UNAUTHORIZED" },
      200: { success: true, message: SOCIAL_MESSAGES.noteSaved, publicNote: "Bonjour à tous !" },
    },
  ),
  {
    name: "a long note is cut to 60 characters",
    method: "PUT",
    url: "/api/users/me/public-note",
    as: "delegue",
    body: { publicNote: long },
    status: 200,
    expect: { publicNote: long.slice(0, 60).trim() },
  },
  {
    name: "emoji count as one character and are never split",
    method: "PUT",
    url: "/api/users/me/public-note",
    as: "prof",
    body: { publicNote: "🎵".repeat(70) },
    status: 200,
    expect: { publicNote: "🎵".repeat(60) },
  },
  {
    name: "markup is kept as text, never interpreted",
    method: "PUT",
    url: "/api/users/me/public-note",
    as: "eleve",
    body: { publicNote: "<b>gras</b>" },
    status: 200,
    expect: { publicNote: "<b>gras</b>" },
  },
  {
    name: "one line: line breaks, control characters and direction overrides become spaces",
    method: "PUT",
    url: "/api/users/me/public-note",
    as: "etudiant",
    body: { publicNote: "Salut\n\tà\u202Etous\u0007 !" },
    status: 200,
    expect: { publicNote: "Salut à tous !" },
  },
  {
    name: "an empty note clears it",
    method: "PUT",
    url: "/api/users/me/public-note",
    as: "admin",
    body: { publicNote: "   " },
    status: 200,
    expect: { publicNote: "" },
  },
  { name: "the note must be text", method: "PUT", url: "/api/users/me/public-note", as: "eleve", body: { publicNote: 42 }, status: 400 },
];

describe("PUT /api/users/me/theme", () => {
  scenarioTests(theme, env);
  it("the theme comes back with the next login (another device)", async () => {
    const { eleve } = app.actors;
    await app.ctx.request("PUT", "/api/users/me/theme", { token: eleve.token, body: { theme: "dark", darkBrightness: 110 } });
    const login = (await (
      await app.ctx.request("POST", "/api/users/login", { body: { username: eleve.username, password: eleve.password } })
    ).json()) as Record<string, unknown>;
    expect(login).toMatchObject({ theme: "dark", darkBrightness: 110, darkContrast: 80 });
  });
});

describe("PUT /api/users/me/public-note", () => {
  scenarioTests(note, env);
  it("the note is on the profile another user reads, cut to 60, and the profile holds no secret", async () => {
    const { delegue, eleve } = app.actors;
    const res = await app.ctx.request("GET", `/api/users/${delegue.id}`, { token: eleve.token });
    const profile = (await res.json()) as Record<string, unknown>;
    expect(profile.publicNote).toBe(long.slice(0, 60).trim());
    expect([...String(profile.publicNote)].length).toBeLessThanOrEqual(60);
    expect(JSON.stringify(profile)).not.toMatch(/passwordHash|answerHash|tokenVersion|"token"|"theme"|darkBrightness|secretQuestions/);
  });
});
