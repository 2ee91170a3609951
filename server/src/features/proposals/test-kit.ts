// Helpers shared by the proposal tests. Not a test file itself.
import type { ProposalDto } from "@planify/common/schemas/proposals";
import type { TestContext } from "../../../test/helpers";

/**
 * The exact body the original client (ListeDevoirs.vue, submitAddTask) posts for a student:
 * HTML description from the editor, groupes and groupe, groupWorkEnabled, the student's year.
 */
export function originalClientBody(overrides: Record<string, unknown> = {}) {
  return {
    titre: "Exercices de trigonométrie",
    type: "devoir",
    matiere: "Développement web",
    date: "2026-11-20",
    heure: "18:00",
    description: "<p>Faire les exercices <b>3 à 5</b></p><img src=x onerror=alert(1)>",
    groupes: ["A"],
    groupe: "A",
    submissionEnabled: false,
    groupWorkEnabled: false,
    year: "BUT1",
    ...overrides,
  };
}

/** Posts a proposal as `token` and returns it (throws on refusal). */
export async function propose(ctx: TestContext, token: string, overrides: Record<string, unknown> = {}): Promise<ProposalDto> {
  const res = await ctx.request("POST", "/api/events/proposals", { token, body: originalClientBody(overrides) });
  const json = (await res.json()) as { proposal: ProposalDto };
  if (res.status !== 200) throw new Error(`propose: ${res.status} ${JSON.stringify(json)}`);
  return json.proposal;
}

/** The JSON of a GET as `token`. */
export async function getJson<T = Record<string, unknown>>(ctx: TestContext, url: string, token: string): Promise<T> {
  return (await (await ctx.request("GET", url, { token })).json()) as T;
}

/** Ids of a proposal list's answer. */
export const idsOf = (json: unknown) => (json as { proposals: { _id: string }[] }).proposals.map((p) => p._id);
