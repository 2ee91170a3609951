import type { LegalText } from "./types";

export const REGLEMENT: LegalText = {
  subtitle: "Version 1.0 — en vigueur depuis le 22 novembre 2026",
  intro: [
    "Planify est un planificateur de vie scolaire gratuit, sans publicité ni abonnement, destiné aux étudiants, délégués, professeurs et administrateurs du BUT. Le présent règlement fixe les règles d'utilisation du service. En vous connectant à Planify, vous l'acceptez.",
  ],
  sections: [
    {
      heading: "1. Accès au service et comptes",
      body: [
        "Les comptes sont créés par l'administration de Planify. Il n'existe pas d'inscription libre : si vous n'avez pas de compte, adressez-vous à votre délégué ou à l'administration.",
        [
          "Votre identifiant et votre mot de passe sont personnels : ne les communiquez à personne, pas même à un membre de l'équipe.",
          "Lors de votre première connexion, vous choisissez des questions secrètes. Elles permettent de réinitialiser votre mot de passe en cas d'oubli ; choisissez des réponses que vous seul connaissez.",
          "L'option « Rester connecté » conserve votre session sur l'appareil. Ne l'utilisez pas sur un ordinateur partagé.",
          "Vous êtes responsable des actions réalisées avec votre compte. Signalez sans attendre toute utilisation suspecte à contact@planify.fr.",
        ],
      ],
    },
    {
      heading: "2. Rôles",
      body: [
        [
          "Étudiant : consulte les devoirs de sa promo et de son groupe, les coche, les archive et dépose ses rendus.",
          "Délégué : publie les devoirs, examens et projets pour les groupes de sa promo, en plus des droits d'un étudiant.",
          "Professeur : publie et consulte les tâches de toute la promo et de toutes les années ; sa participation aux classements est facultative.",
          "Administrateur : gère les comptes, les matières, la boutique, les codes, les pop-ups, les notes de mise à jour et les factions.",
        ],
      ],
    },
    {
      heading: "3. Publication des devoirs",
      body: [
        "Les délégués et professeurs qui publient une tâche s'engagent à ce qu'elle soit exacte (matière, date, heure, groupes concernés) et à la corriger dès qu'une information change. Planify ne remplace pas les consignes officielles de l'équipe pédagogique : en cas de doute, la consigne donnée en cours fait foi.",
        "Les descriptions de tâches doivent rester en lien avec la scolarité. Sont interdits les contenus injurieux, discriminatoires, diffamatoires, à caractère sexuel, ainsi que toute donnée personnelle d'un tiers.",
      ],
    },
    {
      heading: "4. Rendus de fichiers",
      body: [
        "Quand une tâche l'autorise, vous pouvez y déposer votre rendu. Vous déposez uniquement des fichiers dont vous êtes l'auteur ou que vous avez le droit de partager. Les fichiers malveillants, volumineux sans raison ou sans rapport avec la tâche sont supprimés. Le dépôt sur Planify ne remplace pas un dépôt exigé sur une autre plateforme par l'enseignant.",
      ],
    },
    {
      heading: "5. Planify Coins, boutique, roue et codes",
      body: [
        "Les Planify Coins sont une monnaie virtuelle de jeu. Ils n'ont aucune valeur monétaire : ils ne s'achètent pas, ne se vendent pas, ne s'échangent pas contre de l'argent ou un avantage scolaire, et ne comptent jamais dans une évaluation.",
        [
          "La roue de la fortune peut être tournée une fois par jour (fuseau horaire de Paris).",
          "Les objets de la boutique sont purement cosmétiques (décorations d'avatar, couleurs et dégradés de bordure). Un achat est définitif.",
          "Un code cadeau ne peut être utilisé que selon ses conditions (nombre d'utilisations, date limite). Partager publiquement un code réservé à une personne est interdit.",
          "Chaque mouvement de pièces est enregistré dans un registre, ce qui permet de corriger une erreur ou un abus.",
        ],
        "Exploiter un bug, automatiser des actions (scripts, robots), utiliser plusieurs comptes ou manipuler les requêtes pour obtenir des pièces ou des objets est interdit. Les gains obtenus ainsi sont retirés.",
      ],
    },
    {
      heading: "6. Factions et classements",
      body: [
        "Chaque utilisateur peut rejoindre l'une des deux factions, Bagnat ou Fermier. Les classements (pièces, tâches complétées, factions) sont un jeu : l'esprit d'équipe et le respect des autres priment sur le score. Les professeurs n'y apparaissent que s'ils l'ont choisi.",
      ],
    },
    {
      heading: "7. Profil public",
      body: [
        "Votre nom d'utilisateur, votre rôle, votre année, votre groupe, votre avatar, votre note publique (60 caractères au plus) et votre extrait musical sont visibles des autres utilisateurs connectés. Ces éléments doivent respecter les règles de la section 3. Un avatar, une note ou une musique contraires au règlement sont retirés par l'administration.",
      ],
    },
    {
      heading: "8. Annonces",
      body: [
        "L'administration peut afficher des annonces (pop-ups) à tous les utilisateurs ou à une personne. Elles servent à l'information sur le service et la vie de la promo, jamais à la publicité.",
      ],
    },
    {
      heading: "9. Sanctions",
      body: [
        "Selon la gravité d'un manquement, l'administration peut : adresser un avertissement, retirer un contenu, retirer des Planify Coins ou des objets obtenus de façon irrégulière, suspendre ou supprimer le compte. Les faits graves peuvent être signalés à l'établissement.",
      ],
    },
    {
      heading: "10. Disponibilité du service",
      body: [
        "Planify est un projet étudiant fourni gratuitement. L'équipe fait de son mieux pour qu'il reste disponible et fiable, mais ne peut garantir une disponibilité continue. Gardez l'habitude de vérifier les dates importantes auprès de vos enseignants.",
      ],
    },
    {
      heading: "11. Modification du règlement et contact",
      body: [
        "Le règlement peut évoluer avec le service. Les changements importants sont annoncés dans Planify avant leur entrée en vigueur. Pour toute question : contact@planify.fr ou le formulaire de la page Contact.",
      ],
    },
  ],
};
