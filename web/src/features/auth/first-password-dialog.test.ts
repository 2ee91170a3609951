import { describe, expect, it } from "vitest";
import { firstPasswordProblem } from "./first-password-dialog";

describe("choosing a first password", () => {
  it("asks for 8 characters, typed twice the same", () => {
    expect(firstPasswordProblem("court", "court")).toBe("Au moins 8 caractères.");
    expect(firstPasswordProblem("assez-long", "assez-lonG")).toBe("Les mots de passe ne correspondent pas.");
    expect(firstPasswordProblem("assez-long", "assez-long")).toBeNull();
  });
});
