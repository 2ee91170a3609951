// Task proposals (/api/events/proposals/…), in the original Planify's wire format (backend
// routes/events-proposals.js, models/EventProposal.js): what its client (ListeDevoirs.vue,
// AdminDashboard.vue) reads, field for field, plus our rejectReason and taskId.
import { Type, type Static } from "@sinclair/typebox";
import { IsoDate, Nullable, ok } from "./shared";
import { PROPOSAL_REASON_MAX, PROPOSAL_STATUSES } from "../constants/proposals";
import { literalUnion } from "./literal-union";
import { CallerIds, TaskBody, TaskEditBody, Task } from "./tasks";

/** Body of POST /events/proposals: the fields of a task (TaskBody); hand-ins stay a teacher's choice. */
export const ProposalBody = TaskBody;
export type ProposalBody = Static<typeof ProposalBody>;

/** Body of POST /events/proposals/{id}/update-self: the fields to change. */
export const ProposalEditBody = TaskEditBody;
export type ProposalEditBody = Static<typeof ProposalEditBody>;

/** Body of POST /events/proposals/{id}/reject: a reviewer's reason, shown to the author (optional). */
export const ProposalRejectBody = Type.Object({
  reason: Type.Optional(Nullable(Type.String({ maxLength: PROPOSAL_REASON_MAX * 4 }))),
});
export type ProposalRejectBody = Static<typeof ProposalRejectBody>;

/** One file of a proposal, as the original's attachment sub-document. */
export const ProposalFile = Type.Object({
  /** Stored (generated) name: the identifier in the download URL. */
  filename: Type.String(),
  /** Download URL (session required, the proposal's visibility checked). */
  url: Type.String(),
  mime: Type.String(),
  size: Type.Integer({ minimum: 0 }),
  originalname: Type.String(),
  uploadedBy: Type.String(),
  uploadedAt: IsoDate,
});
export type ProposalFileDto = Static<typeof ProposalFile>;

/** The author, populated as the original did (`populate('proposedBy', 'username groupe year proposalBlocked')`). */
export const ProposalAuthor = Type.Object({
  _id: Type.String(),
  username: Type.String(),
  groupe: Type.String(),
  year: Type.String(),
  proposalBlocked: Type.Boolean(),
});

export const Proposal = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  titre: Type.String(),
  date: Type.String({ description: "YYYY-MM-DD (Paris)" }),
  heure: Type.String({ description: "HH:MM (Paris)" }),
  groupe: Type.String(),
  groupes: Type.Array(Type.String()),
  type: Type.Union([Type.Literal("devoir"), Type.Literal("exam")]),
  matiere: Type.String(),
  specialite: Type.String(),
  year: Type.String(),
  description: Type.String({ description: "HTML nettoyé" }),
  submissionEnabled: Type.Boolean(),
  attachments: Type.Array(ProposalFile),
  checkedBy: CallerIds,
  acceptedBy: CallerIds,
  archivedBy: CallerIds,
  rejectedBy: CallerIds,
  proposedBy: ProposalAuthor,
  status: literalUnion(PROPOSAL_STATUSES),
  reviewedBy: Nullable(Type.String()),
  reviewedAt: Nullable(IsoDate),
  createdAt: IsoDate,
  /** A reviewer's reason for a rejection (null when none was given). */
  rejectReason: Nullable(Type.String()),
  /** The class task its validation made. */
  taskId: Nullable(Type.String()),
});
export type ProposalDto = Static<typeof Proposal>;

export const ProposalResponse = ok({ proposal: Proposal });
export type ProposalResponse = Static<typeof ProposalResponse>;
export const ProposalListResponse = ok({ proposals: Type.Array(Proposal) });
export type ProposalListResponse = Static<typeof ProposalListResponse>;
export const ProposalCountResponse = ok({ count: Type.Integer({ minimum: 0 }) });
export type ProposalCountResponse = Static<typeof ProposalCountResponse>;
/** POST …/validate: the class task made (the original's `event`) and the proposal, validated. */
export const ProposalValidatedResponse = ok({ message: Type.String(), event: Task, proposal: Proposal });
export type ProposalValidatedResponse = Static<typeof ProposalValidatedResponse>;
/** POST …/attachments: the files added (the original's `files`) and the proposal with all its files. */
export const ProposalFilesResponse = ok({ files: Type.Array(ProposalFile), proposal: Proposal });
export type ProposalFilesResponse = Static<typeof ProposalFilesResponse>;
/** accept, unaccept, check, uncheck, archive, unarchive, reject, DELETE: the original answers `{ success: true }`. */
export const ProposalDoneResponse = ok({ message: Type.Optional(Type.String()) });
export type ProposalDoneResponse = Static<typeof ProposalDoneResponse>;

/** One account stopped from proposing (GET /users/blocked-proposers). */
export const BlockedProposer = Type.Object({
  _id: Type.String(),
  username: Type.String(),
  groupe: Type.String(),
  year: Type.String(),
  proposalBlocked: Type.Boolean(),
});
export const BlockedProposersResponse = ok({ users: Type.Array(BlockedProposer) });
export type BlockedProposersResponse = Static<typeof BlockedProposersResponse>;
/** Body of POST /users/{id}/block-proposals (the original client sends `{ reason: '' }`; it is not stored). */
export const BlockProposalsBody = Type.Object({ reason: Type.Optional(Type.String({ maxLength: PROPOSAL_REASON_MAX })) });
export type BlockProposalsBody = Static<typeof BlockProposalsBody>;

/** An author a student muted (GET /users/muted-proposers): their proposals leave that student's feed. */
export const MutedProposer = Type.Object({ _id: Type.String(), username: Type.String() });
export const MutedProposersResponse = ok({ users: Type.Array(MutedProposer) });
export type MutedProposersResponse = Static<typeof MutedProposersResponse>;
