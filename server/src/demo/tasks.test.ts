import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/helpers";
import { listFiles } from "../features/tasks/test-support";
import { seedDemo } from "./seed";
import { DEMO_PASSWORD } from "./accounts";

// The demo school's homework: a week of tasks around today, seen by the right students, with
// an attachment on disk, hand-ins (one late) and subjects with colours.
let ctx: TestContext;
const tokens: Record<string, string> = {};

interface Ev {
  titre: string;
  late: boolean;
  checked: boolean;
  archived: boolean;
  submissionEnabled: boolean;
  attachments: { url: string; originalname: string }[];
  id: string;
}

beforeAll(async () => {
  ctx = createTestApp({ now: () => Date.now() });
  await seedDemo(ctx.deps);
  for (const username of ["emma.petit", "lucas.moreau", "chloe.roux", "nathan.fournier", "m.durand", "tom.lefebvre"]) {
    const res = await ctx.request("POST", "/api/users/login", { body: { username, password: DEMO_PASSWORD } });
    tokens[username] = ((await res.json()) as { token: string }).token;
  }
});
afterAll(() => ctx.close());

const events = async (who: string) =>
  ((await (await ctx.request("GET", "/api/events", { token: tokens[who] })).json()) as { events: Ev[] }).events;

describe("demo tasks", () => {
  it("each student sees the tasks of their year, group and speciality", async () => {
    const emma = (await events("emma.petit")).map((e) => e.titre);
    expect(emma).toContain("Maquette de la page d'accueil");
    expect(emma).toContain("Dossier de veille technologique");
    expect(emma).not.toContain("Projet WordPress : thème enfant");
    const lucas = (await events("lucas.moreau")).map((e) => e.titre);
    expect(lucas).not.toContain("Maquette de la page d'accueil");
    expect(lucas).toContain("Compte rendu de TP : formulaires");
    const nathan = (await events("nathan.fournier")).map((e) => e.titre);
    expect(nathan).toContain("Mise en ligne sur VPS");
    expect(nathan).toContain("Storyboard du motion design");
    expect(nathan).not.toContain("Projet WordPress : thème enfant");
    expect((await events("tom.lefebvre")).map((e) => e.titre)).toEqual(["Audit d'accessibilité RGAA", "Soutenance du projet tutoré"]);
    expect((await events("m.durand")).length).toBe(14);
  });

  it("Emma has ticked, archived and late tasks, and a late task that needs her deposit", async () => {
    const emma = await events("emma.petit");
    const by = (t: string) => emma.find((e) => e.titre === t)!;
    expect(by("Maquette de la page d'accueil")).toMatchObject({ checked: true, late: false });
    expect(by("Charte graphique du projet")).toMatchObject({ checked: true, archived: true });
    expect(by("Fiche de lecture : l'image numérique").late).toBe(true);
    const tp = by("Compte rendu de TP : formulaires");
    expect(tp).toMatchObject({ late: true, submissionEnabled: true });
    const hide = await ctx.request("DELETE", `/api/events/${tp.id}`, { token: tokens["emma.petit"] });
    expect(hide.status).toBe(400);
    expect(((await hide.json()) as { message: string }).message).toContain("dépôt");
  });

  it("the attachment is a real PDF on disk, and the hand-ins are listed with the late one flagged", async () => {
    const veille = (await events("emma.petit")).find((e) => e.titre === "Dossier de veille technologique")!;
    const file = await ctx.request("GET", veille.attachments[0]!.url, { token: tokens["emma.petit"] });
    expect(file.status).toBe(200);
    expect(await file.text()).toMatch(/^%PDF-1\.4[\s\S]*%%EOF\n$/);
    expect(listFiles(ctx.deps.uploadsDir).filter((f) => f.startsWith("attachments/"))).toHaveLength(1);
    const tp = (await events("m.durand")).find((e) => e.titre === "Compte rendu de TP : formulaires")!;
    const subs = (await (await ctx.request("GET", `/api/events/${tp.id}/submissions`, { token: tokens["m.durand"] })).json()) as {
      submissions: { userName: string; late: boolean; lateMinutes: number }[];
    };
    expect(subs.submissions).toMatchObject([{ userName: "lucas.moreau", late: true }]);
    expect(subs.submissions[0]!.lateMinutes).toBeGreaterThan(24 * 60);
  });

  it("subjects come with colours; Atelier UX/UI is hidden from BUT1", async () => {
    const names = async (who: string) =>
      (
        (await (await ctx.request("GET", "/api/subjects", { token: tokens[who] })).json()) as {
          subjects: { name: string; color: string }[];
        }
      ).subjects;
    const all = await names("m.durand");
    expect(all.length).toBe(10);
    expect(all.find((s) => s.name === "Développement web")!.color).toMatch(/^#[0-9A-F]{6}$/);
    expect((await names("emma.petit")).map((s) => s.name)).not.toContain("Atelier UX/UI");
    expect((await names("emma.petit")).map((s) => s.name)).not.toContain("Hébergement");
    expect((await names("chloe.roux")).map((s) => s.name)).toContain("Atelier UX/UI");
  });
});
