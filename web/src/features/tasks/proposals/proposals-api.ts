import type {
  BlockedProposersResponse,
  ProposalDoneResponse,
  ProposalDto,
  ProposalEditBody,
  ProposalFilesResponse,
  ProposalFileDto,
  ProposalValidatedResponse,
} from "@planify/common/schemas/proposals";
import { downloadAndSave, uploadFiles, type ProgressListener } from "../../../lib/transfer";
import { answerOf, apiClient, type paths } from "../../../lib/api/client";
import { givenUrl, routeOf } from "../../../lib/api/routes";
import type { TaskInput } from "../api/events-api";

export type Proposal = ProposalDto;
export type ProposalFile = ProposalFileDto;

/** The lists of the proposals panel, each a route of /api/events/proposals. */
const LIST_PATHS = {
  review: "/api/events/proposals",
  feed: "/api/events/proposals/feed",
  mine: "/api/events/proposals/mine",
  history: "/api/events/proposals/mine/history",
  accepted: "/api/events/proposals/accepted",
} as const satisfies Record<string, keyof paths>;
export type ProposalList = keyof typeof LIST_PATHS;

export async function fetchProposals(list: ProposalList): Promise<Proposal[]> {
  return (await answerOf(apiClient.GET(LIST_PATHS[list]))).proposals;
}

export async function createProposal(input: TaskInput): Promise<Proposal> {
  return (await answerOf(apiClient.POST("/api/events/proposals", { body: input }))).proposal;
}

export async function updateProposal(id: string, input: ProposalEditBody): Promise<Proposal> {
  return (await answerOf(apiClient.POST("/api/events/proposals/{id}/update-self", { params: { path: { id } }, body: input }))).proposal;
}

export function uploadProposalFiles(id: string, files: File[], onProgress?: ProgressListener): Promise<ProposalFilesResponse> {
  return uploadFiles(routeOf("/api/events/proposals/{id}/attachments", { id }), files, onProgress);
}

export function validateProposal(id: string): Promise<ProposalValidatedResponse> {
  return answerOf(apiClient.POST("/api/events/proposals/{id}/validate", { params: { path: { id } } }));
}

/** By a reviewer: refused with the reason its author reads; by a classmate: hidden from their feed. */
export function rejectProposal(id: string, reason?: string): Promise<ProposalDoneResponse> {
  return answerOf(apiClient.POST("/api/events/proposals/{id}/reject", { params: { path: { id } }, body: reason ? { reason } : {} }));
}

export function deleteProposal(id: string): Promise<ProposalDoneResponse> {
  return answerOf(apiClient.DELETE("/api/events/proposals/{id}", { params: { path: { id } } }));
}

/** The caller's own standing towards a proposal (no body, `{ success: true }`). */
const STATE_PATHS = {
  accept: "/api/events/proposals/{id}/accept",
  unaccept: "/api/events/proposals/{id}/unaccept",
  check: "/api/events/proposals/{id}/check",
  uncheck: "/api/events/proposals/{id}/uncheck",
  archive: "/api/events/proposals/{id}/archive",
  unarchive: "/api/events/proposals/{id}/unarchive",
} as const satisfies Record<string, keyof paths>;
export type ProposalAction = keyof typeof STATE_PATHS;

export function setProposalState(id: string, action: ProposalAction): Promise<ProposalDoneResponse> {
  return answerOf(apiClient.POST(STATE_PATHS[action], { params: { path: { id } } }));
}

export async function fetchBlockedProposers(): Promise<BlockedProposersResponse["users"]> {
  return (await answerOf(apiClient.GET("/api/users/blocked-proposers"))).users;
}

export function setProposerBlocked(userId: string, blocked: boolean): Promise<ProposalDoneResponse> {
  const params = { path: { id: userId } };
  return answerOf(
    blocked
      ? apiClient.POST("/api/users/{id}/block-proposals", { params, body: { reason: "" } })
      : apiClient.POST("/api/users/{id}/unblock-proposals", { params }),
  );
}

/** A proposal's file, by the URL the server gave it (its visibility checked there). */
export function downloadProposalFile(file: ProposalFile, onProgress?: ProgressListener) {
  return downloadAndSave(givenUrl(file.url), onProgress, { fallbackName: file.originalname });
}
