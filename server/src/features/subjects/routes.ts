import { Elysia, t } from "elysia";
import { SubjectBody, SubjectPatchBody, SubjectRuleBody } from "@planify/common/schemas/subjects";
import type { AppDeps } from "../../deps";
import { authPlugin } from "../../plugins/auth";
import { createSubject, deleteRule, deleteSubject, listRules, listSubjects, updateSubject, upsertRule } from "./service";

const IdParams = t.Object({ id: t.String({ maxLength: 100 }) });
const NameParams = t.Object({ subjectName: t.String({ maxLength: 200 }) });

/** Static-subject rules, served under both /subjects/rules and /subjects/static-rules (spec 3 §7.2). */
const rulesRoutes = (deps: AppDeps, base: string) =>
  new Elysia({ name: `subject-rules${base}`, seed: deps.instanceId })
    .use(authPlugin(deps))
    .get(base, () => ({ success: true, rules: listRules(deps) }), { auth: true })
    .post(
      base,
      ({ body }) => ({ success: true, message: "Règle enregistrée.", rule: upsertRule(deps, body) }),
      { auth: ["admin"], body: SubjectRuleBody },
    )
    .delete(
      `${base}/:subjectName`,
      ({ params }) => {
        deleteRule(deps, params.subjectName);
        return { success: true, message: "Règle supprimée." };
      },
      { auth: ["admin"], params: NameParams },
    );

/** Subjects and their visibility rules (spec 3 §7.2, server rules §7). */
export const subjectsRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: "/subjects" })
    .use(authPlugin(deps))
    .use(rulesRoutes(deps, "/rules"))
    .use(rulesRoutes(deps, "/static-rules"))
    .get("/", ({ user }) => ({ success: true, subjects: listSubjects(deps, user) }), { auth: true })
    .post(
      "/",
      ({ body, set }) => {
        set.status = 201;
        return { success: true, message: "Matière ajoutée.", subject: createSubject(deps, body) };
      },
      { auth: ["admin"], body: SubjectBody },
    )
    .put(
      "/:id",
      ({ params, body }) => ({ success: true, message: "Matière modifiée.", subject: updateSubject(deps, params.id, body) }),
      { auth: ["admin"], params: IdParams, body: SubjectPatchBody },
    )
    .delete(
      "/:id",
      ({ params }) => {
        deleteSubject(deps, params.id);
        return { success: true, message: "Matière supprimée." };
      },
      { auth: ["admin"], params: IdParams },
    );
