import { Elysia, t } from "elysia";
import {
  FirstSignInBody,
  FirstSignInResponse,
  RegisterBody,
  UserCreatedResponse,
  UserProfileResponse,
} from "@planify/common/schemas/users";
import { accountValueLabel } from "@planify/common/constants/account-fields";
import { replies } from "../../lib/responses";
import type { AppDeps } from "../../deps";
import { authPlugin } from "../../plugins/auth";
import { listQuestions } from "../auth";
import { toPublicUser, toSessionUser } from "../../lib/user-present";
import { completeFirstSignIn } from "./first-sign-in";
import { createUser, getUser } from "./service";
import { routeNotFound } from "../../lib/errors";
import { isUserId } from "../../lib/ids";
import { journalWrite } from "../../lib/journal";

/** Account creation by admins, public profiles, and the first-sign-in form of ENT accounts. */
export const usersRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: "/users" })
    .use(authPlugin(deps))
    .post(
      "/register",
      async ({ user: admin, body, set }) => {
        const user = await createUser(deps, body);
        await journalWrite(deps, admin, "user.create", `Compte ${user.username} créé (${accountValueLabel("role", user.role)})`, {
          target: user,
          details: { role: user.role, year: user.year, groupe: user.groupe, specialite: user.specialite },
        });
        set.status = 201;
        return { success: true as const, message: "Utilisateur créé.", user: toPublicUser(user) };
      },
      { auth: ["admin"], body: RegisterBody, response: replies({ 201: UserCreatedResponse }) },
    )
    .put(
      "/me/first-sign-in",
      async ({ user, body }) => {
        const updated = await completeFirstSignIn(deps, user, body);
        return {
          success: true as const,
          message: "Profil enregistré.",
          user: { ...toSessionUser(updated), ent: true, profilePending: false },
        };
      },
      {
        auth: { roles: ["eleve", "delegue"], refusal: "Seuls les étudiants choisissent leur année et leur groupe." },
        body: FirstSignInBody,
        response: replies({ 200: FirstSignInResponse }),
        detail: {
          summary: "Profil de première connexion ENT",
          description:
            "Étudiant créé à sa première connexion ENT : choisit année, groupe et parcours, une seule fois (409 PROFILE_ALREADY_SET ensuite).",
        },
      },
    )
    .get(
      "/:id",
      async ({ params, user }) => {
        const target = await getUser(deps, params.id);
        const profile = toPublicUser(target);
        // Admins also see which questions are set (answers are only stored as hashes).
        if (user.role === "admin") {
          return { ...profile, user: profile, secretQuestions: (await listQuestions(deps, target.id)).map((question) => ({ question })) };
        }
        return { ...profile, user: profile };
      },
      {
        // Account ids are UUIDs: anything else after /users/ is a static path (/users/admin, …)
        // that this route must not swallow with "Utilisateur introuvable". Checked before the
        // session, so a guest also learns that the path does not exist.
        transform: ({ params, request, path }) => {
          if (!isUserId(params.id)) throw routeNotFound(request.method, path);
        },
        auth: true,
        params: t.Object({ id: t.String({ maxLength: 100 }) }),
        response: replies({ 200: UserProfileResponse }),
      },
    );
