// Task proposals (the original Planify's EventProposal): limits and the French messages users read.

/** Proposals one account may send per Paris day (the original's 5). */
export const PROPOSALS_PER_DAY = 5;
/** Proposals one account may have waiting for review at once (the original's 3). */
export const PROPOSALS_PENDING_MAX = 3;
/** Files a proposal may carry in all (one upload takes up to TASK_FILES_MAX too). */
export const PROPOSAL_FILES_MAX = 10;
/** A reviewer's reason for a rejection, in characters. */
export const PROPOSAL_REASON_MAX = 500;
/** Reviewed proposals the author's history shows (most recent first). */
export const PROPOSAL_HISTORY_MAX = 50;

/**
 * "withdrawn": its author (or an admin) took it back while it waited. The row stays (the daily
 * limit counts every proposal made that day) but no list shows it.
 */
export const PROPOSAL_STATUSES = ["pending", "validated", "rejected", "withdrawn"] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** Who reviews proposals: delegates (of the proposal's year), teachers and admins. */
export const PROPOSAL_REVIEWER_ROLES = ["delegue", "prof", "admin"] as const;

export const PROPOSAL_MESSAGES = {
  notFound: "Proposition introuvable",
  dailyLimit: `Vous avez atteint la limite de ${PROPOSALS_PER_DAY} propositions par jour. Réessayez demain.`,
  pendingLimit: `Vous avez déjà ${PROPOSALS_PENDING_MAX} propositions en attente de validation. Attendez qu'elles soient examinées ou retirez-en une.`,
  blocked: "Votre compte ne peut plus proposer de tâches. Contactez un délégué ou un administrateur.",
  authorOrAdmin: "Accès réservé à l’auteur ou à l’admin",
  authorOrAccepted: "Accès réservé à l’auteur ou aux personnes ayant accepté la proposition",
  authorOrReviewer: "Accès réservé à l’auteur ou aux personnes qui examinent la proposition",
  examCheck: "Les examens ne peuvent pas être validés.",
  examUncheck: "Les examens ne peuvent pas être (dé)validés.",
  ownProposal: "C'est votre proposition : elle est déjà dans votre liste.",
  notReviewer: "Seuls les délégués de cette année, les professeurs et les administrateurs examinent cette proposition.",
  tooManyFiles: `${PROPOSAL_FILES_MAX} fichiers maximum par proposition.`,
  reasonTooLong: `Le motif ne doit pas dépasser ${PROPOSAL_REASON_MAX} caractères.`,
  created: "Proposition envoyée !",
  validated: "Proposition validée : la tâche est ajoutée pour la classe.",
  rejected: "Proposition refusée.",
  dismissed: "Proposition retirée de votre fil.",
  withdrawn: "Proposition supprimée.",
  userNotFound: "Utilisateur introuvable",
  studentsOnly: "Seuls les comptes étudiants peuvent être bloqués.",
  muteSelf: "Vous ne pouvez pas masquer vos propres propositions.",
  otherYear: "Un délégué ne gère que les comptes de son année.",
  authorBlocked: "L’auteur de cette proposition ne peut plus proposer de tâches : elle ne peut pas être validée.",
  /** The reason the yearly rollover gives the proposals still waiting when it closes the year. */
  yearClosed: "Année scolaire clôturée",
} as const;
