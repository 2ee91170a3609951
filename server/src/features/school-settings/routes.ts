import { Elysia } from "elysia";
import { SchoolSettingsBody, SchoolSettingsResponse } from "@planify/common/schemas/school-settings";
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/errors";
import { entProviderNames } from "../../lib/ent-providers";
import { journalWrite } from "../../lib/journal";
import { replies } from "../../lib/responses";
import { readSchoolSettings, writeSchoolSettings } from "../../lib/school-settings";
import { authPlugin } from "../../plugins/auth";
import { privacyChanges } from "./privacy-changes";

/** true when the school has at least one ENT provider switched on. */
const entEnabled = async (deps: AppDeps) => (await entProviderNames(deps)).some((p) => p.enabled);

const answer = async (deps: AppDeps) => ({
  success: true as const,
  settings: await readSchoolSettings(deps.db),
  entEnabled: await entEnabled(deps),
});

/**
 * School-wide settings of the admin area (« Gérer les utilisateurs » shows the switch):
 * for now who signs in with a password. Keeping it for admins is refused while no ENT
 * provider is enabled, so a school cannot lock its students and teachers out.
 */
export const schoolSettingsRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: "/admin/school-settings" })
    .use(authPlugin(deps))
    .get("/", () => answer(deps), {
      auth: ["admin"],
      response: replies({ 200: SchoolSettingsResponse }),
      detail: { summary: "Réglages de l'établissement", description: "Admin. Qui se connecte par mot de passe (passwordSignIn)." },
    })
    .put(
      "/",
      async ({ body, user }) => {
        if (body.passwordSignIn === "admins" && !(await entEnabled(deps))) throw new AppError("ENT_NOT_CONFIGURED");
        const before = await readSchoolSettings(deps.db);
        await deps.db.transaction(async (tx) => {
          await writeSchoolSettings(tx, body);
          if (body.passwordSignIn && body.passwordSignIn !== before.passwordSignIn) {
            const summary =
              body.passwordSignIn === "admins"
                ? "Connexion par mot de passe réservée aux admins (les autres passent par l'ENT)"
                : "Connexion par mot de passe rouverte à tous les comptes";
            await journalWrite({ db: tx, now: deps.now }, user, "school.password-sign-in", summary, {
              details: { before: before.passwordSignIn, after: body.passwordSignIn },
            });
          }
          const privacy = privacyChanges(before, body);
          if (privacy) await journalWrite({ db: tx, now: deps.now }, user, "school.privacy", privacy.summary, { details: privacy.details });
        });
        return await answer(deps);
      },
      {
        auth: ["admin"],
        body: SchoolSettingsBody,
        response: replies({ 200: SchoolSettingsResponse }),
        detail: {
          summary: "Modifier les réglages de l'établissement",
          description:
            "Admin. passwordSignIn « admins » : seuls les admins se connectent par mot de passe ; refusé (409 ENT_NOT_CONFIGURED) tant qu'aucune connexion ENT n'est activée.",
        },
      },
    );
