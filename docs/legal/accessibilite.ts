import type { LegalText } from "./types";

export const ACCESSIBILITE: LegalText = {
  subtitle: "Mise à jour le 27 novembre 2026",
  intro: [
    "L'équipe Planify s'engage à rendre son service accessible, conformément à l'article 47 de la loi n° 2005-102 du 11 février 2005. Cette déclaration d'accessibilité s'applique au site Planify et à son application de bureau, qui affiche le même contenu.",
  ],
  sections: [
    {
      heading: "1. État de conformité",
      body: [
        "Planify est partiellement conforme avec le référentiel général d'amélioration de l'accessibilité (RGAA), version 4.1, en raison des non-conformités énumérées ci-dessous.",
        "Aucun audit RGAA n'a été réalisé, ni par un organisme externe ni en interne selon la méthode officielle (106 critères sur un échantillon de pages) : le taux de conformité n'est donc pas établi, et Planify ne peut pas se déclarer « totalement conforme ».",
        "Ce qui est vérifié : à chaque version, des tests automatiques (axe-core, règles WCAG 2.1 niveaux A et AA, plus un contrôle du contraste des textes sur dégradé) parcourent dans Chromium, aux largeurs de 390 et 1440 pixels et dans les thèmes clair et sombre, l'accueil, les devoirs, l'emploi du temps, la boutique, les factions, à propos, contact, le profil et l'administration : ils ne relèvent aucune violation grave ou critique. Ces outils ne couvrent qu'une partie des critères du RGAA (environ un tiers) : les autres, comme la pertinence des alternatives textuelles ou la restitution par un lecteur d'écran, n'ont pas été évalués.",
      ],
    },
    {
      heading: "2. Ce qui est déjà en place",
      body: [
        [
          "Navigation complète au clavier, avec un lien « Aller au contenu » et un focus toujours visible.",
          "Menus, onglets, questions fréquentes et fenêtres de dialogue conformes aux motifs WAI-ARIA : le focus reste dans une fenêtre ouverte, Échap la ferme.",
          "Champs de formulaire tous associés à une étiquette, messages d'erreur en texte.",
          "Thèmes clair et sombre, et thème automatique qui suit le réglage du système.",
          "Animations réduites lorsque le système le demande (prefers-reduced-motion).",
          "Mise en page qui s'adapte au téléphone, à la tablette et à un zoom de 200 %.",
        ],
      ],
    },
    {
      heading: "3. Contenus non accessibles",
      body: [
        "Non-conformités connues :",
        [
          "La roue de la fortune est dessinée dans un canvas : son animation n'est pas restituée par les lecteurs d'écran (critère 1.1).",
          "Les décorations d'avatar de la boutique sont des images décoratives ; leur aperçu ne peut pas être décrit en détail (critère 1.3).",
          "Les couleurs de matières et de bordures choisies par l'administration peuvent présenter un contraste insuffisant avec le texte (critère 3.2).",
          "L'éditeur de texte riche des annonces et des tâches propose des boutons de mise en forme dont certaines combinaisons restent difficiles à utiliser au seul clavier (critère 7.3).",
          "Les extraits musicaux des profils n'ont pas de transcription textuelle ; leur lecteur n'a pas encore été vérifié avec un lecteur d'écran (critères 4.1 et 4.10).",
        ],
        "Contenus non soumis à l'obligation d'accessibilité : les fichiers déposés par les utilisateurs (rendus, images d'annonces) et les contenus de tiers.",
      ],
    },
    {
      heading: "4. Établissement de cette déclaration",
      body: [
        [
          "Technologies utilisées : HTML5, CSS, JavaScript (React), WAI-ARIA, SVG.",
          "Méthode : tests automatiques axe-core (WCAG 2.1 A et AA) dans Chromium à 390 et 1440 pixels, thèmes clair et sombre, et vérifications au clavier par l'équipe ; aucun test avec un lecteur d'écran ni audit RGAA complet.",
          "Résultat : aucune violation grave ou critique relevée par les outils automatiques ; taux de conformité RGAA non établi.",
        ],
      ],
    },
    {
      heading: "5. Retour d'information et contact",
      body: [
        "Si vous n'arrivez pas à accéder à un contenu ou à un service, contactez-nous pour être orienté vers une alternative accessible ou obtenir le contenu sous une autre forme :",
        ["par e-mail : contact@planify.fr ;", "par le formulaire de la page Contact de Planify."],
        "Nous nous engageons à répondre dans un délai de 15 jours.",
      ],
    },
    {
      heading: "6. Voies de recours",
      body: [
        "Si vous avez signalé un défaut d'accessibilité qui vous empêche d'accéder à un contenu ou à un service et que vous n'avez pas obtenu de réponse satisfaisante, vous pouvez :",
        [
          "écrire un message au Défenseur des droits (formulaire en ligne sur defenseurdesdroits.fr) ;",
          "contacter le délégué du Défenseur des droits de votre région ;",
          "envoyer un courrier, gratuitement et sans affranchissement : Défenseur des droits, Libre réponse 71120, 75342 Paris CEDEX 07.",
        ],
      ],
    },
  ],
};
