import { Elysia, t } from "elysia";
import { PROPOSAL_MESSAGES as M, PROPOSAL_REVIEWER_ROLES } from "@planify/common/constants/proposals";
import {
  ProposalBody,
  ProposalCountResponse,
  ProposalDoneResponse,
  ProposalEditBody,
  ProposalFilesResponse,
  ProposalListResponse,
  ProposalRejectBody,
  ProposalResponse,
  ProposalValidatedResponse,
} from "@planify/common/schemas/proposals";
import { FileDownload } from "@planify/common/schemas/shared";
import type { AppDeps } from "../../deps";
import type { UserRow } from "../../db/types";
import { replies } from "../../lib/responses";
import { filesFromBody, STORED_NAME_PATTERN } from "../../lib/files";
import { notFound } from "../../lib/errors";
import { authPlugin } from "../../plugins/auth";
import { presentTask } from "../tasks";
import { assertCanRead, loadProposal } from "./access";
import { addProposalFiles, downloadProposalFile } from "./files";
import { journalIfAdmin as journalProposal } from "../../lib/journal";
import { accepted, feed, history, mine, reviewerList } from "./lists";
import { presentProposal, presentProposals, type LoadedProposal } from "./model";
import { rejectProposal, validateProposal } from "./review";
import { createProposal, deleteProposal, updateProposal } from "./service";
import { acceptProposal, ownAction, unacceptProposal, type OwnAction } from "./states";

const IdParams = t.Object({ id: t.String({ maxLength: 100 }) });
const FileParams = t.Object({ id: t.String({ maxLength: 100 }), filename: t.String({ maxLength: 300 }) });
const STORED_NAME = new RegExp(STORED_NAME_PATTERN);
const REVIEWERS = [...PROPOSAL_REVIEWER_ROLES];
/** Fresh options objects per route: Elysia writes the compiled guard into them. */
const list = () => ({ auth: true, response: replies({ 200: ProposalListResponse }) }) as const;
const counted = (auth: true | typeof REVIEWERS) => ({ auth, response: replies({ 200: ProposalCountResponse }) }) as const;
const done = () => ({ auth: true, params: IdParams, response: replies({ 200: ProposalDoneResponse }) }) as const;

/** The task proposals of the original Planify (routes/events-proposals.js), under /api/events/proposals. */
export const proposalsRoutes = (deps: AppDeps) => {
  const answerList = async (user: UserRow, read: Promise<LoadedProposal[]>) => ({
    success: true as const,
    proposals: await presentProposals(deps.db, user, await read),
  });
  const one = async (user: UserRow, id: string) => ({
    success: true as const,
    proposal: await presentProposal(deps.db, user, await loadProposal(deps.db, id)),
  });
  /** A write on the caller's own standing towards a proposal: the original answers `{ success: true }`. */
  const act =
    (write: (deps: AppDeps, user: UserRow, id: string) => Promise<void>) =>
    async ({ user, params }: { user: UserRow; params: { id: string } }) => {
      await write(deps, user, params.id);
      return { success: true as const };
    };
  const own = (action: OwnAction) => act((d, user, id) => ownAction(d, user, id, action));
  return new Elysia({ prefix: "/events/proposals", name: "proposals", seed: deps.instanceId })
    .use(authPlugin(deps))
    .post(
      "/",
      async ({ user, body }) => {
        const p = await createProposal(deps, user, body);
        return { success: true as const, message: M.created, proposal: await presentProposal(deps.db, user, p) };
      },
      { auth: true, body: ProposalBody, response: replies({ 200: ProposalResponse }) },
    )
    .get("/", ({ user }) => answerList(user, reviewerList(deps, user)), { ...list(), auth: REVIEWERS })
    .get("/count", async ({ user }) => ({ success: true as const, count: (await reviewerList(deps, user)).length }), counted(REVIEWERS))
    .get("/feed", ({ user }) => answerList(user, feed(deps, user)), list())
    .get("/feed/count", async ({ user }) => ({ success: true as const, count: (await feed(deps, user)).length }), counted(true))
    .get("/mine", ({ user }) => answerList(user, mine(deps, user)), list())
    .get("/mine/history", ({ user }) => answerList(user, history(deps, user)), list())
    .get("/accepted", ({ user }) => answerList(user, accepted(deps, user)), list())
    .get(
      "/:id",
      async ({ user, params }) => {
        await assertCanRead(deps, user, await loadProposal(deps.db, params.id));
        return await one(user, params.id);
      },
      { auth: true, params: IdParams, response: replies({ 200: ProposalResponse }) },
    )
    .post(
      "/:id/validate",
      async ({ user, params }) => {
        const taskId = await validateProposal(deps, user, params.id);
        const event = await presentTask(deps, user, taskId);
        const answer = { ...(await one(user, params.id)), message: M.validated, event };
        await journalProposal(deps, user, "proposal.validate", `Proposition « ${answer.proposal.titre} » validée`, params.id);
        return answer;
      },
      { auth: REVIEWERS, params: IdParams, response: replies({ 200: ProposalValidatedResponse }) },
    )
    .post(
      "/:id/reject",
      async ({ user, params, body }) => {
        const outcome = await rejectProposal(deps, user, params.id, body?.reason);
        if (outcome === "rejected") await journalProposal(deps, user, "proposal.reject", "Proposition refusée", params.id);
        return { success: true as const, message: outcome === "rejected" ? M.rejected : M.dismissed };
      },
      { ...done(), body: t.Optional(ProposalRejectBody) },
    )
    .post(
      "/:id/update-self",
      async ({ user, params, body }) => {
        const p = await updateProposal(deps, user, params.id, body);
        await journalProposal(deps, user, "proposal.update", `Proposition « ${p.row.titre} » modifiée`, params.id, {
          fields: Object.keys(body),
        });
        return { success: true as const, proposal: await presentProposal(deps.db, user, p) };
      },
      { auth: true, params: IdParams, body: ProposalEditBody, response: replies({ 200: ProposalResponse }) },
    )
    .post(
      "/:id/attachments",
      async ({ user, params, body }) => {
        const added = await addProposalFiles(deps, user, params.id, filesFromBody(body));
        const { proposal } = await one(user, params.id);
        const names = added.map((f) => f.storedName);
        await journalProposal(deps, user, "proposal.files", `Pièce(s) jointe(s) ajoutée(s) à une proposition`, params.id, { added: names });
        return { success: true as const, files: proposal.attachments.filter((f) => names.includes(f.filename)), proposal };
      },
      { auth: true, params: IdParams, response: replies({ 200: ProposalFilesResponse }) },
    )
    .get(
      "/:id/files/:filename",
      ({ user, params }) => {
        if (!STORED_NAME.test(params.filename)) throw notFound("Fichier introuvable.");
        return downloadProposalFile(deps, user, params.id, params.filename);
      },
      { media: true, params: FileParams, response: replies({ 200: FileDownload }) },
    )
    .post("/:id/accept", act(acceptProposal), done())
    .post("/:id/unaccept", act(unacceptProposal), done())
    .post("/:id/check", own("check"), done())
    .post("/:id/uncheck", own("uncheck"), done())
    .post("/:id/archive", own("archive"), done())
    .post("/:id/unarchive", own("unarchive"), done())
    .delete(
      "/:id",
      async ({ user, params }) => {
        const p = await deleteProposal(deps, user, params.id);
        await journalProposal(deps, user, "proposal.delete", `Proposition « ${p.row.titre} » supprimée`, params.id);
        return { success: true as const, message: M.withdrawn };
      },
      done(),
    );
};
