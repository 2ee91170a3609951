import { describe, expect, it } from "vitest";
import { factionName, medalFor, rankedRoleTag, seasonTimeLeft, seasonTitle, seesLeaderboard, monthTitle } from "./social-rules";
import { roleLabel } from "../user-labels";

describe("who sees the leaderboard (decided by role)", () => {
  it.each([
    ["eleve", false, true],
    ["etudiant", false, true],
    ["delegue", false, true],
    ["admin", false, true],
    ["prof", false, false],
    ["professeur", false, false],
    ["prof", true, true],
  ])("%s with leaderboardEnabled=%s: %s", (role, leaderboardEnabled, sees) => {
    expect(seesLeaderboard({ role, leaderboardEnabled })).toBe(sees);
  });
  it("hides it from guests", () => expect(seesLeaderboard(null)).toBe(false));
});

describe("role labels", () => {
  it("says Admin in the shop popup and Administrateur elsewhere", () => {
    expect(roleLabel("admin", "shop")).toBe("Admin");
    expect(roleLabel("admin")).toBe("Administrateur");
    expect(roleLabel("professeur", "shop")).toBe("Professeur");
    expect(roleLabel("etudiant")).toBe("Étudiant");
  });
  it("tags ranked rows of every role but students", () => {
    expect(rankedRoleTag("eleve")).toBeNull();
    expect(rankedRoleTag("delegue")).toBe("Délégué");
    expect(rankedRoleTag("prof")).toBe("Professeur");
    expect(rankedRoleTag("admin")).toBe("Admin");
  });
});

describe("medals and names", () => {
  it("gives medals to the top 3 only", () => {
    expect([1, 2, 3, 4, 0].map((r) => medalFor(r)?.metal ?? null)).toEqual(["gold", "silver", "bronze", null, null]);
  });
  it("spells Bagna on the factions page only", () => {
    expect(factionName("Bagnat", "page")).toBe("Bagna");
    expect(factionName("Bagnat")).toBe("Bagnat");
    expect(factionName("Fermier", "page")).toBe("Fermier");
  });
});

describe("seasons", () => {
  it("names the month in French, with the elision before a vowel", () => {
    expect(seasonTitle("2026-11")).toBe("Saison de novembre 2026");
    expect(seasonTitle("2026-10")).toBe("Saison d'octobre 2026");
    expect(seasonTitle("2027-04")).toBe("Saison d'avril 2027");
    expect(seasonTitle("2026-08")).toBe("Saison d'août 2026");
    expect(seasonTitle("nope")).toBe("Saison en cours");
    expect(monthTitle("2026-12")).toBe("Décembre 2026");
  });
  it("counts down to the end of the month", () => {
    const end = "2026-11-30T23:00:00.000Z";
    expect(seasonTimeLeft(end, Date.parse("2026-11-23T20:00:00.000Z"))).toBe("Fin dans 7 j 3 h");
    expect(seasonTimeLeft(end, Date.parse("2026-11-30T17:53:00.000Z"))).toBe("Fin dans 5 h 07 min");
    expect(seasonTimeLeft(end, Date.parse("2026-12-01T00:00:00.000Z"))).toMatch(/^Saison terminée/);
  });
});
