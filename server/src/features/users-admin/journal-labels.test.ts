import { describe, expect, it } from "vitest";
import { appPerFile } from "../../../test/helpers";
import { json } from "../coins/test-kit";

// The journal's summaries name roles and fields in French, as the admin reads them, not by their stored codes.
const app = appPerFile();
const send = async (method: string, url: string, body?: unknown) => {
  const res = await app.ctx.request(method, url, { token: app.actors.admin.token, body });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return json(res);
};

describe("journal summaries of account writes are in French", () => {
  it("a created account names its role, an edit names the fields changed", async () => {
    const { user } = await send("POST", "/api/users/register", {
      username: "tom.j",
      password: "motdepasse-1",
      role: "eleve",
      year: "BUT2",
      groupe: "A",
      specialite: "devweb",
    });
    await send("PUT", `/api/users/${user.id}`, { role: "delegue", specialite: "strategie", year: "BUT2" });
    const { entries } = await send("GET", "/api/admin-journal?user=tom.j");
    const summaries = (entries as { summary: string }[]).map((e) => e.summary);
    expect(summaries).toContain("Compte tom.j créé (Étudiant)");
    expect(summaries).toContain("tom.j modifié : Rôle, Parcours");
  });
});
