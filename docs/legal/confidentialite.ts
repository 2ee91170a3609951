import type { LegalText } from "./types";

/**
 * What the privacy notice says that the school configures (school settings, backup rotation):
 * the server builds the notice from them (features/privacy), the build writes the .docx of
 * DEFAULT_PRIVACY_FACTS.
 */
export interface PrivacyFacts {
  controllerName: string;
  controllerAddress: string;
  dpoEmail: string;
  hostingInfo: string;
  /** School years class tasks and hand-ins are kept. */
  retentionYears: number;
  /** Months before a graduate's account is erased. */
  graduateErasureMonths: number;
  /** Nightly backups kept: daily copies and weekly copies; null when the school runs none. */
  backups: { daily: number; weekly: number } | null;
  selfServiceErasure: boolean;
}

export const DEFAULT_PRIVACY_FACTS: PrivacyFacts = {
  controllerName: "",
  controllerAddress: "",
  dpoEmail: "",
  hostingInfo: "",
  retentionYears: 2,
  graduateErasureMonths: 6,
  backups: { daily: 7, weekly: 4 },
  selfServiceErasure: false,
};

/** The cookies Planify sets (server: features/auth, features/sso): name, purpose, lifetime. */
export const COOKIES: { name: string; purpose: string; lifetime: string }[] = [
  {
    name: "planify_session",
    purpose: "garde la session ouverte pour afficher les fichiers (avatars, rendus) ; ne permet aucune modification",
    lifetime: "celle de la session : 24 heures, ou 30 jours avec « Rester connecté »",
  },
  { name: "planify_device", purpose: "reconnaît l'appareil déjà utilisé pour se connecter (sécurité du compte)", lifetime: "12 mois" },
  { name: "planify_reset", purpose: "réinitialisation du mot de passe en cours", lifetime: "15 minutes" },
  { name: "planify_sso_state", purpose: "connexion par l'ENT en cours (protection contre la falsification)", lifetime: "10 minutes" },
];

const years = (n: number) => `${n} année${n > 1 ? "s" : ""} scolaire${n > 1 ? "s" : ""}`;

function backupLine(b: PrivacyFacts["backups"]): string {
  if (!b) return "Sauvegardes : l'établissement n'a pas activé de sauvegarde automatique ; une donnée effacée l'est immédiatement.";
  return `Sauvegardes : une copie par nuit ; les ${b.daily} dernières copies quotidiennes et une copie par semaine sur ${b.weekly} semaines sont gardées, puis remplacées. Une donnée effacée disparaît donc des sauvegardes au plus tard ${b.weekly} semaines après son effacement.`;
}

/** The privacy notice of one school, from its settings. */
export function confidentialite(f: PrivacyFacts): LegalText {
  const controller = f.controllerName.trim() || "L'établissement qui met Planify à disposition de ses élèves";
  const address = f.controllerAddress.trim();
  const dpo = f.dpoEmail.trim();
  const erasure = f.selfServiceErasure
    ? "Effacement : depuis votre profil, « Supprimer mon compte » efface immédiatement votre compte et vos données."
    : "Effacement : depuis votre profil, « Supprimer mon compte » envoie votre demande à l'administration, qui efface votre compte et vos données dans un délai d'un mois au plus.";
  return {
    subtitle: `Établie à partir des réglages de ${f.controllerName.trim() || "l'établissement"}`,
    intro: [
      "Cette politique explique quelles données personnelles Planify traite, pourquoi, qui les reçoit, pendant combien de temps et comment exercer vos droits, conformément au Règlement général sur la protection des données (RGPD) et à la loi Informatique et Libertés.",
      "Planify n'affiche aucune publicité, n'utilise aucun traceur publicitaire ou de mesure d'audience et ne vend ni ne cède vos données.",
    ],
    sections: [
      {
        heading: "1. Responsable du traitement",
        body: [
          `Responsable du traitement : ${controller}${address ? `, ${address}` : ""}.`,
          dpo
            ? `Délégué à la protection des données (DPO) : ${dpo}.`
            : "Délégué à la protection des données (DPO) : l'établissement n'a pas encore indiqué son contact ; adressez-vous à son administration.",
          f.hostingInfo.trim()
            ? `Hébergement : ${f.hostingInfo.trim()}.`
            : "Hébergement : sur un serveur de l'établissement ou choisi par lui, dans l'Union européenne.",
        ],
      },
      {
        heading: "2. Finalités et bases légales",
        body: [
          [
            "Organiser le travail scolaire : publier les devoirs et examens d'une promo, recevoir les rendus, suivre sa progression (base légale : mission d'intérêt public de l'établissement, article 6-1-e du RGPD).",
            "Animer la vie de la promo : pièces, boutique, roue, classements, factions (base légale : exécution du service que vous utilisez, article 6-1-b).",
            "Sécuriser les comptes : connexion, récupération du mot de passe, limitation des abus, journal des actions d'administration (base légale : intérêt légitime et obligation de sécurité, articles 6-1-f et 32).",
            "Vous envoyer les rappels que vous avez demandés (base légale : votre consentement, retirable à tout moment dans « Notifications »).",
          ],
          "Aucune décision automatisée produisant des effets juridiques n'est prise et aucun profilage n'est réalisé.",
        ],
      },
      {
        heading: "3. Catégories de données",
        body: [
          [
            "Compte : identifiant, rôle, année, groupe, spécialité, prénom et nom le cas échéant, empreinte du mot de passe (jamais le mot de passe), questions secrètes et empreintes des réponses, lien avec votre compte ENT.",
            "Profil : avatar, note publique, extrait musical, préférences d'affichage.",
            "Scolarité : état de chaque devoir (coché, archivé, masqué), tâches personnelles, fichiers rendus.",
            "Jeu : registre des pièces, objets, couleurs, faction, codes utilisés.",
            "Rappels : préférences, adresse e-mail confirmée, appareils abonnés.",
            "Données techniques : adresse IP, le temps de limiter les abus ; aucun mot de passe ni jeton n'est écrit dans les journaux.",
          ],
        ],
      },
      {
        heading: "4. Destinataires",
        body: [
          [
            "Les autres utilisateurs connectés voient votre profil public (identifiant, rôle, année, groupe, avatar, note, musique, pièces et rang).",
            "Les professeurs voient les rendus déposés sur leurs devoirs ; les délégués et professeurs, les devoirs qu'ils publient.",
            "Les administrateurs de l'établissement gèrent les comptes et voient le journal des actions d'administration.",
          ],
          "Aucune donnée n'est transmise à des tiers ni hors de l'Union européenne.",
        ],
      },
      {
        heading: "5. Durées de conservation",
        body: [
          [
            `Devoirs, examens et fichiers rendus : ${years(f.retentionYears)} après l'année scolaire de leur date, puis supprimés automatiquement.`,
            `Comptes des élèves diplômés : désactivés à la nouvelle année scolaire, puis effacés ${f.graduateErasureMonths} mois plus tard.`,
            "Autres comptes : tant que la personne fait partie de l'établissement, ou jusqu'à leur effacement.",
            "Registre des pièces : ses lignes restent après un effacement, sous un identifiant anonyme, pour que les totaux restent justes.",
            "Journal d'administration : conservé, sans le nom des personnes dont le compte est effacé (« compte supprimé »).",
            "Session : 24 heures, ou 30 jours avec « Rester connecté ».",
            "Avis de mise à jour en direct (« un devoir a changé », sans son contenu) : 15 minutes, le temps qu'un appareil déconnecté les rattrape.",
            backupLine(f.backups),
          ],
        ],
      },
      {
        heading: "6. Cookies",
        body: [
          "Planify ne pose que des cookies nécessaires à son fonctionnement, exemptés de consentement :",
          COOKIES.map((c) => `${c.name} : ${c.purpose} ; durée : ${c.lifetime}.`),
          "Le stockage local du navigateur garde votre thème, le volume de la musique et la copie hors ligne de vos devoirs.",
        ],
      },
      {
        heading: "7. Vos droits",
        body: [
          "Vous disposez d'un droit d'accès, de rectification, d'effacement, de limitation, d'opposition et de portabilité de vos données.",
          [
            "Accès et portabilité : dans votre profil, « Mes données » › « Télécharger mes données » fournit tout ce que Planify conserve sur vous, dans un fichier ZIP.",
            erasure,
            "Rectification : votre profil, ou l'administration de l'établissement pour l'identifiant, l'année et le groupe.",
            dpo ? `Pour toute autre demande : ${dpo}.` : "Pour toute autre demande : l'administration de l'établissement.",
          ],
          "Si vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la CNIL (www.cnil.fr, 3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07).",
        ],
      },
    ],
  };
}

export const CONFIDENTIALITE: LegalText = confidentialite(DEFAULT_PRIVACY_FACTS);
