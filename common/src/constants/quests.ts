// Quests and achievements, as the original Planify defined them (backend routes/quests.js and the
// client's QuestsPopup.vue): ids, French titles and rewards are theirs, so an imported school keeps
// its progress and the original client reads the same answers.

/** How a daily quest is completed: observed by the server itself, or reported by the client (capped: once per day, only today's three). */
export type QuestSource = "server" | "client";

export interface DailyQuestDef {
  id: string;
  title: string;
  reward: number;
  actions: number;
  durationDays: number;
  source: QuestSource;
}

/** The pool three daily quests are drawn from each Paris day (10 coins each). */
export const DAILY_QUESTS: readonly DailyQuestDef[] = [
  { id: "wheel-1", title: "Tourner la roue de la fortune 1 fois", reward: 10, actions: 1, durationDays: 1, source: "server" },
  {
    id: "wheel-weekend",
    title: "Tourner la roue de la fortune durant le week-end",
    reward: 10,
    actions: 1,
    durationDays: 1,
    source: "server",
  },
  { id: "devoirs", title: "Consulter les devoirs", reward: 10, actions: 1, durationDays: 1, source: "client" },
  { id: "task-info-1", title: "Cliquer sur “Plus d’infos” sur une tâche", reward: 10, actions: 1, durationDays: 1, source: "client" },
  { id: "tasks-archives", title: "Consulter les archives des tâches", reward: 10, actions: 1, durationDays: 1, source: "client" },
  { id: "tab-exams-open", title: "Ouvrir l’onglet “Examens”", reward: 10, actions: 1, durationDays: 1, source: "client" },
  { id: "tab-retards-open", title: "Ouvrir l’onglet “Retards”", reward: 10, actions: 1, durationDays: 1, source: "client" },
  { id: "visit-shop", title: "Visiter la boutique Planify", reward: 10, actions: 1, durationDays: 1, source: "client" },
  {
    id: "leaderboard-profile",
    title: "Consulter le profil d’une personne aléatoire dans le leaderboard",
    reward: 10,
    actions: 1,
    durationDays: 1,
    source: "client",
  },
  { id: "connect", title: "Se connecter à Planify", reward: 10, actions: 1, durationDays: 1, source: "server" },
];

/** Daily quests per day, and the bonus for all three (reduced once a re-roll was used). */
export const DAILY_QUEST_COUNT = 3;
export const DAILY_BONUS = 50;
export const DAILY_BONUS_AFTER_REROLL = 25;

/** The leaderboard quest's title once its target is drawn. */
export const leaderboardQuestTitle = (name: string) => `Consulter le profil de ${name} dans le leaderboard`;

/** What a repeatable quest counts. */
export type QuestCounter = "tasks" | "wheel" | "daily";

export interface RepeatableQuestDef {
  id: string;
  title: string;
  counter: QuestCounter;
  threshold: number;
  reward: number;
}

/**
 * Repeatable quests: every `threshold` official tasks checked, wheel spins or daily quests done
 * pays `reward`, again and again (progress starts over after each payment).
 */
export const REPEATABLE_QUESTS: readonly RepeatableQuestDef[] = [
  { id: "tasks-10", title: "Valider 10 tâches", counter: "tasks", threshold: 10, reward: 50 },
  { id: "tasks-25", title: "Valider 25 tâches", counter: "tasks", threshold: 25, reward: 120 },
  { id: "tasks-50", title: "Valider 50 tâches", counter: "tasks", threshold: 50, reward: 300 },
  { id: "wheel-10", title: "Tourner la roue de la fortune 10 fois", counter: "wheel", threshold: 10, reward: 100 },
  { id: "wheel-25", title: "Tourner la roue de la fortune 25 fois", counter: "wheel", threshold: 25, reward: 250 },
  { id: "wheel-50", title: "Tourner la roue de la fortune 50 fois", counter: "wheel", threshold: 50, reward: 500 },
  { id: "daily-10", title: "Compléter 10 quêtes journalières", counter: "daily", threshold: 10, reward: 50 },
  { id: "daily-25", title: "Compléter 25 quêtes journalières", counter: "daily", threshold: 25, reward: 150 },
  { id: "daily-50", title: "Compléter 50 quêtes journalières", counter: "daily", threshold: 50, reward: 300 },
];

export interface AchievementDef {
  id: string;
  title: string;
  description: string;
}

/** One-time achievements (no coins: the original pays only quests), in the popup's order. */
export const ACHIEVEMENTS: readonly AchievementDef[] = [
  { id: "ach-first-quest", title: "Premier pas", description: "Compléter votre première quête" },
  { id: "ach-wheel-once", title: "Début de la chance", description: "Tourner la roue une fois" },
  { id: "ach-task-streak", title: "Routine héroïque", description: "Valider des tâches sur plusieurs jours" },
  { id: "wheel-first-loss", title: "Début de la malchance", description: "Perdre à la roue de la fortune pour la première fois" },
  { id: "wheel-lose-30", title: "Chanceux d’être malchanceux", description: "Perdre 30 fois à la roue de la fortune" },
  { id: "wheel-weekend-lose-2", title: "Week-end maudit", description: "Perdre deux fois à la roue de la fortune le week-end" },
  { id: "wheel-spin-10", title: "Chance montante", description: "Tourner la roue de la fortune 10 fois" },
  { id: "wheel-spin-50", title: "Accro de la roue", description: "Tourner la roue de la fortune 50 fois" },
  { id: "wheel-spin-100", title: "Maître de la fortune", description: "Tourner la roue de la fortune 100 fois" },
  { id: "wheel-weekend-spin-2", title: "Un week-end souriant", description: "Tourner la roue de la fortune deux fois durant le week-end" },
  { id: "tasks-validate-10", title: "Apprenti organisé", description: "Valider 10 tâches" },
  { id: "tasks-validate-50", title: "Productivité en marche", description: "Valider 50 tâches" },
  { id: "tasks-validate-100", title: "Machine à accomplir", description: "Valider 100 tâches" },
  { id: "tasks-validate-250", title: "Légende de la productivité", description: "Valider 250 tâches" },
  { id: "tasks-info-multi", title: "Curieux de nature", description: "Cliquer sur “Plus d’infos” sur plusieurs tâches différentes" },
  { id: "tasks-details-10", title: "Observateur attentif", description: "Consulter les détails de 10 tâches" },
  { id: "tasks-details-25", title: "Expert en organisation", description: "Consulter les détails de 25 tâches" },
  { id: "daily-complete-5", title: "Rituel quotidien", description: "Compléter 5 quêtes journalières" },
  { id: "daily-complete-15", title: "Habitude solide", description: "Compléter 15 quêtes journalières" },
  { id: "daily-complete-30", title: "Discipline absolue", description: "Compléter 30 quêtes journalières" },
  { id: "daily-complete-50", title: "Maître des quêtes journalières", description: "Compléter 50 quêtes journalières" },
  { id: "daily-no-reroll", title: "No re-roll", description: "Compléter les 3 quêtes journalières sans utiliser de re-roll" },
  { id: "repeat-complete-5", title: "Persévérance", description: "Compléter 5 quêtes répétables" },
  { id: "repeat-complete-20", title: "Toujours plus loin", description: "Compléter 20 quêtes répétables" },
  { id: "repeat-complete-50", title: "Infatigable", description: "Compléter 50 quêtes répétables" },
  { id: "repeat-complete-100", title: "Inarrêtable", description: "Compléter 100 quêtes répétables" },
  { id: "reroll-used", title: "Deuxième chance", description: "Utiliser un re-roll" },
  { id: "faction-join", title: "Guerre gagnée", description: "Gagner une guerre de faction" },
  { id: "homework-propose-5", title: "Petit professeur", description: "Proposer 5 devoirs" },
  { id: "homework-propose-20", title: "Prof en herbe", description: "Proposer 20 devoirs" },
  { id: "homework-propose-50", title: "Maître des devoirs", description: "Proposer 50 devoirs" },
  { id: "cosmetics-border-all", title: "Collectionneur de cadres", description: "Avoir toutes les couleurs de bordure" },
  { id: "cosmetics-item-3styles", title: "Styliste ultime", description: "Avoir un item avec 3 styles différents" },
];

/** French messages of the quest routes (the original's where it had one). */
export const QUEST_MESSAGES = {
  missingQuestId: "questId manquant",
  unknownQuest: "Quête introuvable",
  notAllDone: "Complétez les 3 quêtes pour débloquer le bonus",
  bonusAlreadyPaid: "Bonus déjà attribué",
  rerollUsed: "Re-roll déjà utilisé aujourd’hui",
  rerollDone: "Quête complétée — re-roll impossible",
  serverQuest: "Cette quête se valide d’elle-même quand vous faites l’action.",
  wrongProfile: "Ouvrez le profil demandé par la quête du jour dans le leaderboard.",
  unknownTask: "Tâche introuvable",
  invalidAmount: "Montant invalide",
} as const;

/** « Routine héroïque »: counted checks on this many different Paris days. */
export const TASK_STREAK_DAYS = 3;
