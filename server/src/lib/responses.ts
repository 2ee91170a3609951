import type { TSchema } from "@sinclair/typebox";
import { ErrorEnvelope } from "@planify/common/errors";

/** Every error status the API answers with, all in the one envelope. */
const ERROR_RESPONSES = {
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  403: ErrorEnvelope,
  404: ErrorEnvelope,
  409: ErrorEnvelope,
  413: ErrorEnvelope,
  415: ErrorEnvelope,
  429: ErrorEnvelope,
  500: ErrorEnvelope,
  502: ErrorEnvelope,
  503: ErrorEnvelope,
  507: ErrorEnvelope,
} as const;

/**
 * A route's `response:` map: its success schemas by status plus the error envelope. Elysia
 * checks each answer against the schema of its status, so a wrong answer fails (as a 500).
 */
export function replies<T extends Record<number, TSchema>>(success: T): T & Omit<typeof ERROR_RESPONSES, keyof T> {
  // A status the route answers with a body of its own (health's 503 low-disk) keeps its schema.
  return { ...ERROR_RESPONSES, ...success };
}
