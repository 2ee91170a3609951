import { Elysia, t } from "elysia";
import {
  RuleListResponse,
  RuleSavedResponse,
  SubjectBody,
  SubjectListResponse,
  SubjectPatchBody,
  SubjectRuleBody,
  SubjectSavedResponse,
} from "@planify/common/schemas/subjects";
import { OkMessage } from "@planify/common/schemas/shared";
import { replies } from "../../lib/responses";
import type { AppDeps } from "../../deps";
import { authPlugin } from "../../plugins/auth";
import { createSubject, deleteRule, deleteSubject, listRules, listSubjects, updateSubject, upsertRule } from "./service";
import { journalWrite } from "../../lib/journal";
import { deWord } from "@planify/common/format/french";

const IdParams = t.Object({ id: t.String({ maxLength: 100 }) });
const NameParams = t.Object({ subjectName: t.String({ maxLength: 200 }) });

/** Static-subject rules, served under both /subjects/rules and /subjects/static-rules. */
const rulesRoutes = (deps: AppDeps, base: string) =>
  new Elysia({ name: `subject-rules${base}`, seed: deps.instanceId })
    .use(authPlugin(deps))
    .get(base, async () => ({ success: true as const, rules: await listRules(deps) }), {
      auth: true,
      response: replies({ 200: RuleListResponse }),
    })
    .post(
      base,
      async ({ user, body }) => {
        const rule = await upsertRule(deps, body);
        await journalWrite(deps, user, "subject.write", `Règle ${deWord(rule.subjectName)} enregistrée`, { details: { rule } });
        return { success: true as const, message: "Règle enregistrée.", rule };
      },
      { auth: ["admin"], body: SubjectRuleBody, response: replies({ 200: RuleSavedResponse }) },
    )
    .delete(
      `${base}/:subjectName`,
      async ({ user, params }) => {
        await deleteRule(deps, params.subjectName);
        await journalWrite(deps, user, "subject.write", `Règle ${deWord(params.subjectName)} supprimée`);
        return { success: true as const, message: "Règle supprimée." };
      },
      { auth: ["admin"], params: NameParams, response: replies({ 200: OkMessage }) },
    );

/** Subjects and their visibility rules. */
export const subjectsRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: "/subjects" })
    .use(authPlugin(deps))
    .use(rulesRoutes(deps, "/rules"))
    .use(rulesRoutes(deps, "/static-rules"))
    .get("/", async ({ user }) => ({ success: true as const, subjects: await listSubjects(deps, user) }), {
      auth: true,
      response: replies({ 200: SubjectListResponse }),
    })
    .post(
      "/",
      async ({ user, body, set }) => {
        set.status = 201;
        const subject = await createSubject(deps, body);
        await journalWrite(deps, user, "subject.write", `Matière ${subject.name} ajoutée`, { details: { id: subject.id } });
        return { success: true as const, message: "Matière ajoutée.", subject };
      },
      { auth: ["admin"], body: SubjectBody, response: replies({ 201: SubjectSavedResponse }) },
    )
    .put(
      "/:id",
      async ({ user, params, body }) => {
        const subject = await updateSubject(deps, params.id, body);
        await journalWrite(deps, user, "subject.write", `Matière ${subject.name} modifiée`, { details: { id: subject.id } });
        return { success: true as const, message: "Matière modifiée.", subject };
      },
      { auth: ["admin"], params: IdParams, body: SubjectPatchBody, response: replies({ 200: SubjectSavedResponse }) },
    )
    .delete(
      "/:id",
      async ({ user, params }) => {
        await deleteSubject(deps, params.id);
        await journalWrite(deps, user, "subject.write", "Matière supprimée", { details: { id: params.id } });
        return { success: true as const, message: "Matière supprimée." };
      },
      { auth: ["admin"], params: IdParams, response: replies({ 200: OkMessage }) },
    );
