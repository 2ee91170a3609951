import { it } from "vitest";
import { createTestApp } from "../../../test/helpers";
import { taskGroups, tasks, users } from "../../db/schema";
import { listAnswerCached, listEtag, listTasks } from "./list-window";
import { eq } from "drizzle-orm";

it("perf probe", async () => {
  const ctx = createTestApp();
  const student = await ctx.user({ role: "eleve", username: "eleve", year: "BUT2", groupe: "A", specialite: "devweb" });
  const prof = await ctx.user({ role: "prof", username: "prof" });
  const at = new Date(ctx.clock.now).toISOString();
  ctx.deps.db.transaction((tx) => {
    for (let i = 0; i < 300; i++) {
      const id = `task-${i}`;
      const day = String((i % 28) + 1).padStart(2, "0");
      tx.insert(tasks).values({ id, titre: `Tâche ${i}`, type: "devoir", matiere: "Anglais", date: `2026-12-${day}`, heure: "10:00",
        deadlineAt: Date.parse(`2026-12-${day}T09:00:00Z`), year: "BUT2", specialite: "", description: "<p>Consignes du devoir : lire le chapitre, répondre aux questions.</p>",
        groupe: "A", createdBy: prof.id, createdAt: at, updatedAt: at }).run();
      tx.insert(taskGroups).values({ taskId: id, groupe: "A" }).run();
    }
  });
  const user = ctx.deps.db.select().from(users).where(eq(users.id, student.id)).get()!;
  const time = (name: string, f: () => unknown) => { f(); const t = performance.now(); for (let i = 0; i < 100; i++) f(); console.log("PROBE", name, ((performance.now() - t) / 100).toFixed(3)); };
  const q = {} as never;
  time("etag", () => listEtag(ctx.deps, user as never, q));
  const etag = listEtag(ctx.deps, user as never, q);
  time("listTasks", () => listTasks(ctx.deps, user as never, q));
  time("cached", () => listAnswerCached(ctx.deps, user as never, q, etag));
  time("response", () => listAnswerCached(ctx.deps, user as never, q, etag).response("br", {}));
  time("response-read", async () => await listAnswerCached(ctx.deps, user as never, q, etag).response("br", {}).arrayBuffer());
  ctx.close();
}, 120000);
