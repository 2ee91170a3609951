import type { AppDeps } from "../deps";
import { createPatchNote } from "../features/patch-notes/service";

const DAY = 86_400_000;

/** Release notes of the demo school, oldest first; `daysAgo` is when each one was published. */
const NOTES = [
  {
    daysAgo: 9,
    title: "La boutique et la roue arrivent",
    version: "1.4.0",
    published: true,
    html:
      "<p>Cocher ses devoirs rapporte désormais des <strong>Planify Coins</strong> !</p>" +
      "<ul><li>Une <strong>roue de la fortune</strong> à tourner une fois par jour, avec un bouclier après deux pertes.</li>" +
      "<li>La <strong>boutique quotidienne</strong> : de nouveaux items chaque jour à minuit (heure de Paris).</li>" +
      "<li>Des <strong>bordures de couleur</strong> pour votre avatar, à équiper depuis la collection.</li></ul>" +
      "<p>Vous avez un code ? Entrez-le depuis le menu de votre compte, rubrique <em>Entrer un code</em>.</p>",
  },
  {
    daysAgo: 3,
    title: "Factions, classements et profils",
    version: "1.5.0",
    published: true,
    html:
      "<p>Bagnat ou Fermier ? <strong>Choisissez votre faction</strong> : chaque gain de la roue fait monter son total, " +
      "et à la fin du mois la faction gagnante remporte 200 coins par membre (80 pour l'autre).</p>" +
      "<ul><li>Un <strong>classement</strong> dans la boutique : Planify Coins, tâches complétées et factions.</li>" +
      "<li>Votre <strong>profil</strong> s'enrichit : avatar recadré, musique de profil et une petite note publique.</li>" +
      "<li>Le thème clair, sombre ou automatique vous suit désormais sur tous vos appareils.</li></ul>" +
      "<p>Corrigé : le compte à rebours de la roue affichait parfois une heure de trop au changement d'heure.</p>",
  },
  {
    daysAgo: 0,
    title: "Emploi du temps (brouillon)",
    version: "1.6.0",
    published: false,
    html: "<p>Brouillon : l'emploi du temps de la promo, synchronisé avec l'ENT. <em>À relire avant publication.</em></p>",
  },
];

/** Two published patch notes a few days apart and one draft, written by the demo admin. */
export async function seedDemoPatchNotes(deps: AppDeps, adminId: string): Promise<void> {
  const now = deps.now();
  for (const { daysAgo, ...note } of NOTES) {
    await createPatchNote({ ...deps, now: () => now - daysAgo * DAY }, { ...note, notify: true }, adminId);
  }
}
