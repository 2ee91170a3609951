import { SETUP_SECRET_QUESTIONS } from "@planify/common/constants/secret-questions";

export interface QuestionRow {
  question: string;
  answer: string;
}

export const NEED_ONE = "Veuillez remplir au moins une question et sa réponse.";
export const MUST_BE_UNIQUE = "Chaque question doit être unique.";
export const ANSWER_REQUIRED = "Veuillez répondre à chaque question choisie.";
export const QUESTION_REQUIRED = "Choisissez une question pour chaque réponse donnée.";

/** Validates the setup rows; returns the French message, or null when valid. */
export function validateQuestionRows(rows: QuestionRow[]): string | null {
  const used = rows.filter((r) => r.question || r.answer.trim());
  if (used.length === 0) return NEED_ONE;
  const chosen = used.map((r) => r.question).filter(Boolean);
  if (new Set(chosen).size !== chosen.length) return MUST_BE_UNIQUE;
  if (used.some((r) => r.question && !r.answer.trim())) return ANSWER_REQUIRED;
  if (used.some((r) => !r.question)) return QUESTION_REQUIRED;
  return null;
}

/** The pairs to send: rows with a question, answers trimmed. */
export function questionsToSend(rows: QuestionRow[]): QuestionRow[] {
  return rows.filter((r) => r.question).map((r) => ({ question: r.question, answer: r.answer.trim() }));
}

/** The questions row `index` may offer: all but those chosen in the other rows. */
export function optionsForRow(rows: QuestionRow[], index: number): readonly string[] {
  const takenElsewhere = new Set(rows.filter((_, i) => i !== index).map((r) => r.question));
  return SETUP_SECRET_QUESTIONS.filter((q) => !takenElsewhere.has(q));
}
