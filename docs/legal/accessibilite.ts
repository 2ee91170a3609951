import type { LegalText } from "./types";

export const ACCESSIBILITE: LegalText = {
  subtitle: "Établie le 22 novembre 2026",
  intro: [
    "L'équipe Planify s'engage à rendre son service accessible, conformément à l'article 47 de la loi n° 2005-102 du 11 février 2005. Cette déclaration d'accessibilité s'applique au site Planify et à son application de bureau, qui affiche le même contenu.",
  ],
  sections: [
    {
      heading: "1. État de conformité",
      body: [
        "Planify est partiellement conforme avec le référentiel général d'amélioration de l'accessibilité (RGAA), version 4.1, en raison des non-conformités énumérées ci-dessous.",
        "Aucun audit complet par un organisme externe n'a encore été réalisé : cet état résulte d'une auto-évaluation de l'équipe. Un audit sur un échantillon de pages (accueil, devoirs, à propos, contact, connexion, boutique) est prévu ; ses résultats, avec le taux de conformité, seront publiés dans une nouvelle version de cette déclaration.",
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
          "Méthode : auto-évaluation de l'équipe, au clavier et avec des outils de contrôle automatique, dans un navigateur Chromium, aux largeurs d'écran de 390 et 1440 pixels.",
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
