import { describe, expect, it } from "vitest";
import type { AdminUser } from "@planify/common/schemas/admin";
import { addUserProblem, editBody, filterUsers, questionsProblem, summaryLines, withRole, type ProfileDraft } from "./user-forms";

const user = (over: Partial<AdminUser> = {}): AdminUser => ({
  id: "u1",
  _id: "u1",
  username: "lea.martin",
  role: "eleve",
  year: "BUT1",
  groupe: "A",
  firstName: "Léa",
  lastName: "Martin",
  specialite: "devweb",
  faction: null,
  coins: 120,
  leaderboardCoins: 40,
  factionCoins: 5,
  completedTasks: 0,
  avatar: null,
  avatarVersion: 0,
  equippedItemId: null,
  selectedBorderColor: "default",
  mustChangePassword: false,
  hasSecretQuestions: true,
  createdAt: "2026-11-01T10:00:00.000Z",
  purchasedItems: [],
  ...over,
});
const draftOf = (u: AdminUser): ProfileDraft => ({
  username: u.username,
  password: "",
  role: u.role as ProfileDraft["role"],
  groupe: u.groupe,
  year: u.year,
  specialite: u.specialite,
  firstName: u.firstName,
  lastName: u.lastName,
});
const coins = (c: number, l: number, f: number) => ({ coins: String(c), leaderboardCoins: String(l), factionCoins: String(f) });

describe("admin user forms", () => {
  it("choosing prof forces Promo and clears the year and speciality; 'etudiant' becomes 'eleve'", () => {
    const prof = withRole(draftOf(user()), "prof");
    expect(prof).toMatchObject({ role: "prof", groupe: "Promo", year: "", specialite: "" });
    expect(withRole(draftOf(user()), "etudiant").role).toBe("eleve");
    expect(withRole(draftOf(user()), "delegue")).toMatchObject({ role: "delegue", year: "BUT1", groupe: "A" });
  });

  it("add user: username, password of 8, and a year for students", () => {
    const base: ProfileDraft = {
      username: "  ",
      password: "",
      role: "eleve",
      groupe: "A",
      year: "",
      specialite: "",
      firstName: "",
      lastName: "",
    };
    expect(addUserProblem(base)).toBe("Le nom d'utilisateur est requis.");
    expect(addUserProblem({ ...base, username: "tom" })).toBe("Le mot de passe est requis.");
    expect(addUserProblem({ ...base, username: "tom", password: "court" })).toBe("Le mot de passe doit contenir au moins 8 caractères.");
    expect(addUserProblem({ ...base, username: "tom", password: "assez-long" })).toBe("Veuillez sélectionner une année.");
    expect(addUserProblem({ ...base, username: "tom", password: "assez-long", role: "prof" })).toBeNull();
  });

  it("edit sends only the coin fields that changed, and no empty password", () => {
    const u = user();
    const same = editBody(u, draftOf(u), coins(120, 40, 5));
    expect(same).not.toHaveProperty("coins");
    expect(same).not.toHaveProperty("leaderboardCoins");
    expect(same).not.toHaveProperty("password");
    const changed = editBody(u, { ...draftOf(u), username: "  lea   martin ", password: "nouveau-mdp" }, coins(150, 40, 0));
    expect(changed).toMatchObject({ username: "lea martin", password: "nouveau-mdp", coins: 150, factionCoins: 0 });
    expect(changed).not.toHaveProperty("leaderboardCoins");
    expect(editBody(u, draftOf(u), coins(-1, 40, 5))).toBe("Les coins doivent être des nombres entiers positifs ou nuls.");
    expect(editBody(u, draftOf(u), coins(1.5, 40, 5))).toBe("Les coins doivent être des nombres entiers positifs ou nuls.");
  });

  it("secret questions: exactly 3, distinct, each answered", () => {
    const q = (question: string, answer = "x") => ({ question, answer });
    expect(questionsProblem([q("A"), q("B"), q("C", " ")])).toBe("Veuillez remplir les 3 questions et réponses.");
    expect(questionsProblem([q("A"), q("B")])).toBe("Veuillez remplir les 3 questions et réponses.");
    expect(questionsProblem([q("A"), q("A"), q("C")])).toBe("Chaque question doit être différente des autres.");
    expect(questionsProblem([q("A"), q("B"), q("C")])).toBeNull();
  });

  it("summaries name every count the admin needs", () => {
    const s = { done: 113, alreadyOwned: 7, notOwned: 0, failed: 2, dynamicItems: 0, borderColors: 38, failures: [] };
    expect(summaryLines(s, "give")).toEqual(["Donnés : 113", "Déjà possédés : 7", "Échecs : 2", "Couleurs de bordure : 38"]);
    expect(summaryLines({ ...s, done: 44, notOwned: 36, borderColors: 0 }, "remove")).toEqual([
      "Retirés : 44",
      "Non possédés : 36",
      "Échecs : 2",
    ]);
  });

  it("search ignores accents and case, filters by role and year", () => {
    const list = [
      user(),
      user({ id: "u2", username: "chloe.roux", firstName: "Chloé", year: "BUT2" }),
      user({ id: "u3", username: "m.durand", role: "prof", year: "" }),
    ];
    expect(filterUsers(list, "CHLOE", "", "").map((u) => u.id)).toEqual(["u2"]);
    expect(filterUsers(list, "", "prof", "").map((u) => u.id)).toEqual(["u3"]);
    expect(filterUsers(list, "", "", "BUT1").map((u) => u.id)).toEqual(["u1"]);
  });
});
