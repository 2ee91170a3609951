import type { LegalText } from "./types";

export const CONFIDENTIALITE: LegalText = {
  subtitle: "Dernière mise à jour : 22 novembre 2026",
  intro: [
    "Cette politique explique quelles données personnelles Planify traite, pourquoi, où elles sont conservées, pendant combien de temps et comment exercer vos droits, conformément au Règlement général sur la protection des données (RGPD) et à la loi Informatique et Libertés.",
    "En résumé : Planify ne collecte que ce qui est nécessaire pour faire fonctionner le service, n'affiche aucune publicité, n'utilise aucun traceur publicitaire et ne vend ni ne cède vos données.",
  ],
  sections: [
    {
      heading: "1. Responsable du traitement",
      body: [
        "Le service est édité par l'équipe Planify (projet étudiant). Pour toute question relative à vos données : contact@planify.fr, ou le formulaire de la page Contact du site.",
      ],
    },
    {
      heading: "2. Données que nous conservons",
      body: [
        "Compte :",
        [
          "identifiant, rôle, année, groupe, spécialité, et le cas échéant prénom et nom ;",
          "mot de passe, jamais stocké en clair : seule une empreinte (argon2id) est conservée ;",
          "questions secrètes et empreintes des réponses (les réponses ne sont pas lisibles, même par l'administration) ;",
          "avatar, note publique, extrait musical et préférences (thème, variantes d'objets) si vous les renseignez.",
        ],
        "Tâches : les devoirs, examens et projets publiés par les délégués et professeurs (matière, date, description, groupes), ainsi que votre état personnel sur chaque tâche (cochée, archivée, masquée).",
        "Rendus : les fichiers que vous déposez sur une tâche, avec leur nom, leur taille et la date de dépôt.",
        "Registre des pièces : chaque mouvement de Planify Coins (date, montant, motif : roue, achat, code, don de l'administration…), votre inventaire d'objets et votre faction.",
        "Messages de contact : nom, téléphone, adresse e-mail, promo, sujet et description que vous saisissez dans le formulaire.",
        "Données techniques : l'adresse IP est utilisée, le temps nécessaire, pour limiter les tentatives de connexion et l'envoi de messages de contact ; un identifiant de requête accompagne les erreurs du serveur pour permettre leur diagnostic. Aucun mot de passe, jeton ou réponse secrète n'est écrit dans les journaux.",
      ],
    },
    {
      heading: "3. Pourquoi nous les traitons",
      body: [
        [
          "Fournir le service : afficher les devoirs de votre promo, enregistrer vos rendus et votre progression (base légale : exécution du service que vous utilisez et intérêt légitime de la promo à disposer d'un outil commun).",
          "Faire fonctionner le jeu : solde de pièces, boutique, roue, classements, factions (même base légale).",
          "Sécuriser les comptes : connexion, récupération du mot de passe, limitation des abus (intérêt légitime).",
          "Répondre à vos messages (votre demande).",
        ],
        "Aucune décision automatisée produisant des effets juridiques n'est prise à partir de ces données, et aucun profilage publicitaire n'est réalisé.",
      ],
    },
    {
      heading: "4. Où sont-elles conservées ?",
      body: [
        "Les données sont enregistrées dans une base de données SQLite et un dossier de fichiers situés sur le serveur qui héberge Planify, dans l'Union européenne. Elles ne sont pas transférées hors de l'Union européenne. Les copies de sauvegarde sont conservées dans les mêmes conditions.",
        "Dans votre navigateur, Planify utilise le stockage local (localStorage et sessionStorage) pour votre session, votre thème, le volume de la musique et l'annonce en attente de lecture. Un cookie technique est posé uniquement pendant une réinitialisation de mot de passe (15 minutes au plus). Aucun cookie publicitaire ou de mesure d'audience n'est utilisé.",
      ],
    },
    {
      heading: "5. Qui peut les voir ?",
      body: [
        [
          "Les autres utilisateurs connectés voient votre profil public : identifiant, rôle, année, groupe, avatar, note publique, musique, pièces et place dans les classements.",
          "Les professeurs et délégués voient les tâches qu'ils publient ; les professeurs et administrateurs voient les rendus déposés sur les tâches concernées.",
          "Les administrateurs de Planify accèdent aux comptes, au registre des pièces et aux messages de contact pour gérer le service.",
        ],
        "Aucune donnée n'est vendue, louée ou transmise à des tiers à des fins commerciales.",
      ],
    },
    {
      heading: "6. Durées de conservation",
      body: [
        [
          "Compte, profil, inventaire et registre des pièces : pendant votre scolarité, puis supprimés au plus tard 12 mois après votre départ de la formation ou sur demande.",
          "Tâches et rendus : pendant l'année universitaire concernée, puis supprimés au plus tard à la rentrée suivante (un professeur peut les supprimer plus tôt).",
          "Messages de contact : 12 mois après leur réception.",
          "Session : 24 heures, ou 30 jours si vous cochez « Rester connecté ».",
          "Données de limitation des abus (adresse IP) : de 15 minutes à 1 heure.",
          "Sauvegardes : remplacées au fil de l'eau, au plus 30 jours.",
        ],
      ],
    },
    {
      heading: "7. Sécurité",
      body: [
        "Les mots de passe et réponses secrètes sont hachés, les jetons de session sont signés et expirent, les contenus envoyés par les utilisateurs sont nettoyés avant affichage et les fichiers déposés sont contrôlés. Seuls les administrateurs ont accès aux fonctions de gestion.",
      ],
    },
    {
      heading: "8. Vos droits",
      body: [
        "Vous disposez d'un droit d'accès, de rectification, d'effacement, de limitation, d'opposition et de portabilité de vos données. Vous pouvez modifier vous-même votre avatar, votre note et votre musique depuis votre profil ; pour le reste, écrivez à contact@planify.fr en précisant votre identifiant. Nous répondons dans un délai d'un mois.",
        "Si vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la CNIL (www.cnil.fr, 3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07).",
      ],
    },
    {
      heading: "9. Modifications",
      body: [
        "Cette politique peut évoluer avec le service. La date de dernière mise à jour figure en tête du document ; les changements importants sont annoncés dans Planify.",
      ],
    },
  ],
};
