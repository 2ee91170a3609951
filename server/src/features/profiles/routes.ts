import { Elysia, t } from "elysia";
import {
  AvatarUploadResponse,
  LeaderboardQuery,
  LeaderboardResponse,
  LeaderboardToggleBody,
  LeaderboardToggleResponse,
  MusicUploadResponse,
  PublicNoteBody,
  PublicNoteResponse,
  ThemeBody,
  ThemeResponse,
} from "@planify/common/schemas/social";
import { FileDownload, OkMessage } from "@planify/common/schemas/shared";
import type { AppDeps } from "../../deps";
import { routeNotFound } from "../../lib/errors";
import { isUserId } from "../../lib/ids";
import { replies } from "../../lib/responses";
import { authPlugin } from "../../plugins/auth";
import { serveAvatar, serveAvatarSource, uploadAvatar } from "./avatar";
import { leaderboardAnswer } from "./leaderboard";
import { cachedJsonResponse } from "../../lib/http-cache";
import { removeMusic, serveMusic, uploadMusic } from "./music";
import { saveTheme, savePublicNote, setLeaderboardEnabled } from "./settings";

const MediaParams = t.Object({ id: t.String({ maxLength: 100 }) });
const MediaQuery = t.Object({ v: t.Optional(t.String({ maxLength: 30 })) });
/** Images and audio are binary answers (200 whole, 206 a byte range). */
const MEDIA = replies({ 200: FileDownload, 206: FileDownload });

/**
 * A media path whose id is no account id does not exist, for guests too (before the session).
 * A fresh object per route: Elysia writes the guard it compiles into the options object, so
 * one shared between apps would carry the first app's session check into the next.
 */
const mediaGuard = () => ({
  transform: ({ params, request, path }: { params: { id: string }; request: Request; path: string }) => {
    if (!isUserId(params.id)) throw routeNotFound(request.method, path);
  },
  media: true as const,
  params: MediaParams,
  query: MediaQuery,
  response: MEDIA,
});

/**
 * Leaderboards and profile settings and media under /users. These paths are static, so
 * they win over /users/:id (Elysia's router tries static segments before parameters).
 */
export const profilesRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: "/users", name: "profiles", seed: deps.instanceId })
    .use(authPlugin(deps))
    // Sent as remembered bytes (leaderboardAnswer); its shape is LeaderboardResponse by type.
    .get(
      "/leaderboard",
      async ({ user, query, request }) => {
        const answer = await leaderboardAnswer(deps, user, query.sort ?? "coins");
        return cachedJsonResponse(request, () => answer);
      },
      {
        auth: true,
        query: LeaderboardQuery,
        response: replies({ 200: LeaderboardResponse }),
      },
    )
    .put("/me/leaderboard", ({ user, body }) => setLeaderboardEnabled(deps, user, body.enabled), {
      auth: true,
      body: LeaderboardToggleBody,
      response: replies({ 200: LeaderboardToggleResponse }),
    })
    .put("/me/theme", ({ user, body }) => saveTheme(deps, user, body), {
      auth: true,
      body: ThemeBody,
      response: replies({ 200: ThemeResponse }),
    })
    .put("/me/public-note", ({ user, body }) => savePublicNote(deps, user, body.publicNote), {
      auth: true,
      body: PublicNoteBody,
      response: replies({ 200: PublicNoteResponse }),
    })
    // Multipart: the fields are read and checked by the services (French messages).
    .post("/upload-avatar", ({ user, body }) => uploadAvatar(deps, user, body), {
      auth: true,
      response: replies({ 200: AvatarUploadResponse }),
    })
    .post("/upload-music", ({ user, body }) => uploadMusic(deps, user, body), {
      auth: true,
      response: replies({ 200: MusicUploadResponse }),
    })
    .get("/me/avatar-source", ({ user, request }) => serveAvatarSource(deps, request, user), { media: true, response: MEDIA })
    .delete("/me/music", ({ user }) => removeMusic(deps, user), { auth: true, response: replies({ 200: OkMessage }) })
    .get("/avatar/:id", ({ params, query, request }) => serveAvatar(deps, request, params.id, query.v), mediaGuard())
    .get("/music/:id", ({ params, query, request }) => serveMusic(deps, request, params.id, query.v), mediaGuard());
