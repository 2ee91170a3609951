import { Elysia } from "elysia";
import { FileDownload } from "@planify/common/schemas/shared";
import { MySessionsResponse, RevokeSessionsResponse, SessionIdParams, type MySession } from "@planify/common/schemas/my-data";
import type { AppDeps } from "../../deps";
import { authPlugin } from "../../plugins/auth";
import { replies } from "../../lib/responses";
import { downloadHeaders } from "../../lib/files";
import { notFound } from "../../lib/errors";
import { journalWrite } from "../../lib/journal";
import { takeAttempt } from "../../lib/throttle";
import { zipStream } from "../../lib/zip";
import { listSessions, revokeOtherSessions, revokeSession, type SessionRow } from "../../lib/sessions";
import { requestSessionId } from "../../plugins/auth";
import { exportEntries } from "./export";

/** One export per account per minute: it reads every table and file of the account. */
const EXPORT_WINDOW_MS = 60_000;
export const EXPORT_TOO_SOON = "Tu viens déjà de télécharger tes données. Réessaie dans une minute.";
export const SESSION_NOT_FOUND = "Appareil introuvable ou déjà déconnecté.";

const present = (row: SessionRow, current: string | null): MySession => ({
  id: row.id,
  device: row.device,
  method: row.method,
  ip: row.ip,
  createdAt: new Date(row.createdAt).toISOString(),
  lastSeenAt: new Date(row.lastSeenAt).toISOString(),
  expiresAt: new Date(row.expiresAt).toISOString(),
  current: row.id === current,
});

/** The session of this request (its bearer token's), null for a token from before sessions. */
const currentSession = requestSessionId;

/** « Mes données » (the export ZIP) and « Mes appareils » (the account's sessions). */
export const myDataRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: "/privacy/me", name: "my-data", seed: deps.instanceId })
    .use(authPlugin(deps))
    .get(
      "/export",
      async ({ user }) => {
        await takeAttempt(deps, { kind: "data-export", key: user.id, max: 1, windowMs: EXPORT_WINDOW_MS }, EXPORT_TOO_SOON);
        const day = new Date(deps.now()).toISOString().slice(0, 10);
        return new Response(zipStream(await exportEntries(deps, user)), {
          headers: { ...downloadHeaders(`planify-donnees-${user.username}-${day}.zip`, "application/zip"), "cache-control": "no-store" },
        });
      },
      {
        media: true,
        response: replies({ 200: FileDownload }),
        detail: {
          summary: "Mes données (ZIP)",
          description: "Tout ce que Planify conserve sur le compte connecté, avec LISEZMOI.txt. 1 par minute.",
        },
      },
    )
    .get(
      "/sessions",
      async ({ user, request }) => {
        const current = await currentSession(deps, request);
        return { success: true as const, sessions: (await listSessions(deps, user.id)).map((row) => present(row, current)) };
      },
      { auth: true, response: replies({ 200: MySessionsResponse }) },
    )
    .delete(
      "/sessions/:id",
      async ({ user, params }) => {
        const done = await deps.db.transaction(async (tx) => {
          if (!(await revokeSession({ db: tx, now: deps.now }, user.id, params.id))) return false;
          await journalWrite({ db: tx, now: deps.now }, user, "session.revoke", `${user.username} a déconnecté un de ses appareils`, {
            target: user,
            details: { session: params.id },
          });
          return true;
        });
        if (!done) throw notFound(SESSION_NOT_FOUND);
        return { success: true as const, message: "Appareil déconnecté.", revoked: 1 };
      },
      { auth: true, params: SessionIdParams, response: replies({ 200: RevokeSessionsResponse }) },
    )
    .delete(
      "/sessions",
      async ({ user, request }) => {
        const keep = await currentSession(deps, request);
        const revoked = await deps.db.transaction(async (tx) => {
          const n = await revokeOtherSessions({ db: tx, now: deps.now }, user.id, keep);
          await journalWrite(
            { db: tx, now: deps.now },
            user,
            "session.revoke-others",
            `${user.username} a déconnecté ses autres appareils (${n})`,
            {
              target: user,
              details: { revoked: n },
            },
          );
          return n;
        });
        const message =
          revoked === 0
            ? "Aucun autre appareil n'était connecté."
            : `${revoked} appareil${revoked > 1 ? "s" : ""} déconnecté${revoked > 1 ? "s" : ""}.`;
        return { success: true as const, message, revoked };
      },
      { auth: true, response: replies({ 200: RevokeSessionsResponse }) },
    );
