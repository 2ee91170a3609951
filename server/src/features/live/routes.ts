import { Elysia } from "elysia";
import { LiveQuery, LiveStreamResponse } from "@planify/common/schemas/live";
import type { AppDeps } from "../../deps";
import { authPlugin, requestSessionId, userOfAuthorization } from "../../plugins/auth";
import { AppError } from "../../lib/errors";
import { replies } from "../../lib/responses";
import { liveHubOf, listenerOf, openStream, replay, SSE_HEADERS, sseMark } from "../../lib/live";

/** Where a stream resumes: the Last-Event-ID header an SSE client sends, else ?after=; null for a first connection. */
function resumeFrom(header: string | null, query: string | undefined): number | null {
  const raw = header?.trim() || query;
  if (!raw) return null;
  // An id this server never gave (not a whole number) resumes from nothing kept: `reset`.
  return /^[0-9]{1,15}$/.test(raw) ? Number(raw) : -1;
}

/**
 * GET /api/live: the signed-in app's event stream (Server-Sent Events over fetch, so the Bearer
 * token travels as on every call; see common/schemas/live.ts). One-way is all it needs, it goes
 * through HTTP/1.1 and HTTP/2 proxies as a plain long answer, and SSE's ids make resuming after
 * a drop part of the protocol.
 */
export const liveRoutes = (deps: AppDeps) => {
  const hub = liveHubOf(deps.engine, deps.log);
  return new Elysia().use(authPlugin(deps)).get(
    "/live",
    async ({ user, request, query }) => {
      if (hub.stopping || deps.lifecycle?.stopping) throw new AppError("SERVER_STOPPING", undefined, { "retry-after": "2" });
      const sessionId = await requestSessionId(deps, request);
      const authorization = request.headers.get("authorization");
      // The same check as every call's, again at each heartbeat (lib/live/hub.ts).
      const recheck = async () => {
        const now = await userOfAuthorization(deps, authorization);
        return now && !now.deactivatedAt ? listenerOf(now, sessionId) : null;
      };
      const stream = await openStream(deps.engine, listenerOf(user, sessionId), recheck);
      // The client went away: Bun may not cancel the body, the request's signal says it.
      request.signal.addEventListener("abort", () => stream.close(), { once: true });
      const after = resumeFrom(request.headers.get("last-event-id"), query.after);
      try {
        if (after !== null) await replay(hub, stream, after);
        // From here on, a drop resumes (nothing said between now and the drop is lost).
        else stream.send(sseMark(hub.lastId));
      } catch (error) {
        stream.close();
        throw error;
      }
      return new Response(stream.body, { headers: SSE_HEADERS });
    },
    { auth: true, query: LiveQuery, response: replies({ 200: LiveStreamResponse }) },
  );
};
