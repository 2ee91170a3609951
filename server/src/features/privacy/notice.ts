import { COOKIES, confidentialite, type PrivacyFacts } from "../../../../docs/legal/confidentialite";
import type { LegalText } from "../../../../docs/legal/types";
import { RETENTION as BACKUP_RETENTION } from "../../backup/schedule";
import type { AppDeps } from "../../deps";
import { readSchoolSettings } from "../../lib/school-settings";

/** What the notice and the processing record say, from the school's settings and the server's backup rotation. */
export async function privacyFacts(deps: Pick<AppDeps, "db" | "settings">): Promise<PrivacyFacts> {
  const s = await readSchoolSettings(deps.db);
  return {
    controllerName: s.controllerName,
    controllerAddress: s.controllerAddress,
    dpoEmail: s.dpoEmail,
    hostingInfo: s.hostingInfo,
    retentionYears: s.retentionYears,
    graduateErasureMonths: s.graduateErasureMonths,
    backups: deps.settings.nightlyBackups ? { ...BACKUP_RETENTION } : null,
    selfServiceErasure: s.selfServiceErasure,
  };
}

export async function privacyNotice(deps: Pick<AppDeps, "db" | "settings">): Promise<LegalText> {
  return confidentialite(await privacyFacts(deps));
}

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

/**
 * The record of processing activities (registre des traitements, RGPD article 30) as Markdown,
 * from the same facts as the notice: one table per processing, the fields the CNIL's model asks.
 */
export async function processingRecord(deps: Pick<AppDeps, "db" | "settings" | "now">): Promise<string> {
  const f = await privacyFacts(deps);
  const notice = confidentialite(f);
  const controller = f.controllerName.trim() || "(nom de l'établissement à renseigner dans Planify)";
  const retention = notice.sections.find((s) => s.heading.startsWith("5."))?.body.flat() ?? [];
  const processings = [
    {
      name: "Organisation du travail scolaire (devoirs, examens, rendus)",
      purpose: "Publier les devoirs et examens d'une promo, recevoir les rendus, suivre l'avancement de chaque élève.",
      basis: "Mission d'intérêt public (art. 6-1-e RGPD)",
      people: "Élèves, délégués, professeurs, administrateurs de l'établissement",
      data: "Identifiant, nom, prénom, année, groupe, spécialité ; état des devoirs ; tâches personnelles ; fichiers rendus",
      recipients: "Professeurs (rendus de leurs devoirs), administrateurs",
      retention: `${f.retentionYears} année(s) scolaire(s) après l'année du devoir ; comptes des diplômés : ${f.graduateErasureMonths} mois après leur désactivation`,
    },
    {
      name: "Vie de la promo (pièces, boutique, roue, classements, factions)",
      purpose: "Animer la promo par un jeu sans valeur marchande.",
      basis: "Exécution du service (art. 6-1-b RGPD)",
      people: "Élèves et délégués",
      data: "Registre des pièces, objets, couleurs, faction, codes utilisés, profil public (avatar, note, musique)",
      recipients: "Utilisateurs connectés (profil public et classements), administrateurs",
      retention: "Durée du compte ; le registre des pièces est anonymisé à l'effacement du compte",
    },
    {
      name: "Rappels de devoirs",
      purpose: "Envoyer les rappels demandés par e-mail, notification ou application de bureau.",
      basis: "Consentement (art. 6-1-a RGPD), retirable dans « Notifications »",
      people: "Élèves qui activent les rappels",
      data: "Préférences, adresse e-mail confirmée, abonnements des appareils",
      recipients: "Aucun (envoi par le serveur de l'établissement)",
      retention: "Jusqu'à la désactivation des rappels ou l'effacement du compte",
    },
    {
      name: "Sécurité des comptes et journal d'administration",
      purpose: "Authentifier, limiter les abus, tracer les actions des administrateurs.",
      basis: "Intérêt légitime et obligation de sécurité (art. 6-1-f et 32 RGPD)",
      people: "Tous les utilisateurs",
      data: "Empreintes de mot de passe et de réponses secrètes, liens ENT, adresse IP (limitation), journal des actions",
      recipients: "Administrateurs",
      retention: "Adresse IP : 15 minutes à 1 heure ; journal : conservé, sans le nom des personnes effacées",
    },
  ];
  const lines = [
    "# Registre des activités de traitement — Planify",
    "",
    `Établi le ${new Date(deps.now()).toISOString().slice(0, 10)} à partir des réglages de l'établissement (article 30 du RGPD).`,
    "",
    `- Responsable du traitement : ${controller}${f.controllerAddress.trim() ? `, ${f.controllerAddress.trim()}` : ""}`,
    `- Délégué à la protection des données : ${f.dpoEmail.trim() || "(à renseigner)"}`,
    `- Hébergement : ${f.hostingInfo.trim() || "serveur de l'établissement, Union européenne"}`,
    "- Transferts hors de l'Union européenne : aucun",
    `- Sauvegardes : ${f.backups ? `${f.backups.daily} copies quotidiennes et ${f.backups.weekly} hebdomadaires, remplacées au fil de l'eau` : "aucune sauvegarde automatique activée"}`,
    "- Mesures de sécurité : mots de passe et réponses hachés (argon2id), sessions signées et expirantes, contrôle des fichiers déposés, journal des actions d'administration, effacement avec écrasement des données supprimées",
    "",
  ];
  for (const p of processings) {
    lines.push(`## ${p.name}`, "", "| Rubrique | Contenu |", "| --- | --- |");
    const rows: [string, string][] = [
      ["Finalité", p.purpose],
      ["Base légale", p.basis],
      ["Personnes concernées", p.people],
      ["Catégories de données", p.data],
      ["Destinataires", p.recipients],
      ["Durée de conservation", p.retention],
    ];
    for (const [k, v] of rows) lines.push(`| ${k} | ${cell(v)} |`);
    lines.push("");
  }
  lines.push("## Cookies", "", "| Nom | Finalité | Durée |", "| --- | --- | --- |");
  for (const c of COOKIES) lines.push(`| ${c.name} | ${cell(c.purpose)} | ${cell(c.lifetime)} |`);
  lines.push("", "## Durées de conservation (telles qu'annoncées aux personnes)", "", ...retention.map((r) => `- ${r}`), "");
  return lines.join("\n");
}
