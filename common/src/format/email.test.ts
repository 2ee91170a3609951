import { describe, expect, it } from "vitest";
import { isEmailAddress } from "./email";

describe("isEmailAddress", () => {
  it("accepts one plain address", () => {
    expect(isEmailAddress("prenom.nom@exemple.fr")).toBe(true);
    expect(isEmailAddress("a+rappels@lycee.example.org")).toBe(true);
  });
  it("refuses anything that would add a header or a recipient", () => {
    for (const bad of [
      "a@b.fr\r\nBcc: c@d.fr",
      "a@b.fr, c@d.fr",
      "a@b.fr;c@d.fr",
      "Nom <a@b.fr>",
      '"x"@b.fr',
      "a@b.fr (x)",
      "a b@c.fr",
      "a@b",
      `${"a".repeat(250)}@b.fr`,
    ]) {
      expect(isEmailAddress(bad), bad).toBe(false);
    }
  });
});
