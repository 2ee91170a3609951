import type { UserRow } from "../../db/types";

/**
 * LISEZMOI.txt of the export: what each file holds, field by field, in French. Field names
 * are those of the API (and of the JSON files), so a reader can match them one to one.
 */
const TEXT = `Vos données Planify
===================

Cette archive contient tout ce que Planify conserve à votre sujet, au {{date}}, pour le
compte « {{username}} ». Les dates sont écrites en UTC au format ISO 8601
(2026-11-27T08:30:00.000Z) ; les montants de pièces sont des nombres entiers. Les noms des
champs sont ceux de l'API de Planify.

Ce que l'archive ne contient pas : votre mot de passe et les réponses à vos questions
secrètes (seule une empreinte irréversible est conservée), les jetons de connexion.

donnees/compte.json — votre compte
  user : votre profil tel que l'application l'affiche : id, username, role (eleve, delegue,
    prof, admin), firstName/prenom et lastName/nom (prénom, nom), year (année : BUT1…),
    groupe, specialite/track (parcours), faction, avatar, avatarVersion, avatarUpdatedAt,
    avatarCrop (recadrage de la photo), publicNote (note publique), musicSrc, musicTitle,
    musicStartSeconds, musicDurationSeconds (musique du profil), equippedItemId (objet
    porté), selectedBorderColor (couleur de bordure), coins, leaderboardCoins, factionCoins
    (soldes), completedTasks (tâches terminées), leaderboardEnabled (présence au classement),
    theme, darkBrightness, darkContrast (réglages d'affichage), dynamicItemVariants, isAdmin.
  createdAt, updatedAt : création et dernière modification du compte.
  mustChangePassword : le mot de passe doit être choisi à la prochaine connexion.
  profilePending : année et groupe restent à choisir (première connexion ENT).
  ent : vos liens avec l'ENT : providerId (le fournisseur), subject (votre identifiant chez
    lui), createdAt (date du lien).

donnees/taches.json — vos tâches
  taskStates : votre état de chaque tâche de classe : taskId, titre, matiere, date, checked
    (faite), archived (archivée), hidden (masquée), updatedAt.
  personalTasks : vos tâches personnelles : id, titre, matiere, date, heure, note, checked,
    archived, createdAt, updatedAt.
  proposals : les tâches que vous avez proposées à votre classe : titre, matiere, date, heure,
    description, groupes, status (pending : en attente, validated : validée, rejected : refusée,
    withdrawn : retirée par vous), rejectReason (le motif d'un refus), taskId (la tâche créée),
    files (vos fichiers d'une proposition en attente : nom, taille, et fichier, son chemin dans
    cette archive, sous propositions/ ; ceux d'une proposition validée sont ceux de sa tâche).
  proposalsBlocked : true si un délégué, un enseignant ou un administrateur vous a retiré le
    droit de proposer des tâches.
  mutedProposers : les camarades dont vous avez masqué les propositions : username, createdAt.
  proposalStates : votre état des propositions de vos camarades : accepted (ajoutée à votre
    liste), checked, archived, dismissed (retirée de votre fil).

donnees/rendus.json — vos rendus
  submissions : chaque fichier rendu : taskId, originalName (nom d'origine), size (octets),
    createdAt, removedAt (quand vous l'avez retiré de votre dépôt, sinon null), fichier (son
    chemin dans cette archive, sous rendus/). Les fichiers sont identiques, octet pour octet,
    à ceux que vous avez déposés.
  versions : chaque version de vos dépôts (un dépôt ou un retrait en crée une) : taskId,
    titre, version, at (date), files (les fichiers qu'elle contenait).
  feedback : ce que vos enseignants vous ont rendu : taskId, titre, commentHtml et
    commentText (le commentaire, en HTML et en texte), mark (la note), markScale (sur
    combien), publishedAt (date du rendu). Jamais un brouillon.
  returned : les copies corrigées qu'on vous a rendues, décrites comme submissions.

donnees/pieces.json — vos pièces
  coins, leaderboardCoins, factionCoins : vos soldes.
  ledger : chaque mouvement de pièces : id, coinsDelta, leaderboardDelta, factionDelta
    (variation de chaque solde), reason (achat, roue, palier, code, cadeau…), reference (ce
    qu'il concerne), createdAt.
  wheelSpins : vos tours de roue : id, parisDay (jour), test, segment, coinsWon, createdAt.
  taskMilestones : paliers de tâches déjà récompensés : threshold, paidAt.
  quests : vos quêtes. daily : les trois quêtes de chaque jour : parisDay (jour), slot
    (place 0 à 2), questId, doneAt (faite, sinon null) ; days : chaque jour de quêtes :
    rerollSlot (quête relancée, sinon null), bonusPaidAt (bonus des trois quêtes),
    targetName (profil à consulter) ; counters : vos compteurs (counter, value, parisDay :
    tours de roue, défaites, quêtes faites, progression des quêtes répétables « rep:… ») ;
    achievements : vos succès débloqués : achievementId, unlockedAt.

donnees/objets.json — objets, couleurs, cadeaux et codes
  items : objets et couleurs possédés : itemId, colorId (couleur), source (purchase : achat,
    gift : cadeau reçu, wheel, code, reward, demo), adminMessage (message joint à un
    cadeau), adminGiftRead (cadeau vu), acquiredAt.
  codesUsed : codes utilisés : code, rewardType, items, colors, usedAt.
  favorites : vos favoris de la boutique : itemId (numéro de l'objet ou de la couleur), createdAt.
  Les cadeaux de pièces reçus sont les lignes « reason » correspondantes de pieces.json ;
  les cadeaux faits par un administrateur figurent aussi dans journal.json.

donnees/rappels.json — vos rappels
  settings : vos réglages (prefs, tels que l'écran Notifications les enregistre), email
    (adresse de rappel), emailConfirmedAt, updatedAt ; null : réglages par défaut.
  devices : appareils qui reçoivent vos rappels : id, kind (push : navigateur, desktop :
    application), label, endpoint (adresse du service de notification, tronquée),
    createdAt.

donnees/appareils.json — vos connexions (« Mes appareils »)
  sessions : chaque connexion : id, createdAt, lastSeenAt (dernière activité, à quelques
    minutes près), expiresAt, device (navigateur et système), ip (réseau d'origine,
    tronqué : /24 ou /48), method (password : mot de passe, ent : ENT), revokedAt
    (déconnexion).

donnees/journal.json — le journal
  entries : les entrées du journal d'administration qui vous concernent ou que vous avez
    faites : id, at (date), adminId et adminUsername (auteur), action, targetUserId et
    targetUsername (compte concerné), summary (résumé), details (valeurs avant/après).

rendus/ — vos fichiers rendus, rangés par tâche (date et titre), sous leur nom d'origine ;
  les copies corrigées qu'on vous a rendues sont dans le sous-dossier corrigé/ de la tâche.
profil/avatar/, profil/musique/ — votre photo de profil (et l'image d'origine avant
  recadrage) et votre musique de profil, telles que stockées.
`;

/** The notice for `user`, dated `at` (ms). */
export function readmeText(user: Pick<UserRow, "username">, at: number): string {
  const date = new Date(at).toLocaleString("fr-FR", { timeZone: "Europe/Paris", dateStyle: "long", timeStyle: "short" });
  return TEXT.replace("{{date}}", date).replace("{{username}}", user.username).replace(/\n/g, "\r\n");
}
