/** The 5 questions offered by the setup popup after a login. */
export const SETUP_SECRET_QUESTIONS = [
  "Quel est le nom de votre premier animal de compagnie ?",
  "Quel est le prénom de votre mère ?",
  "Dans quelle ville êtes-vous né(e) ?",
  "Quel est votre film préféré ?",
  "Quel est le nom de votre école primaire ?",
] as const;

/** The 6 questions of the admin editor. */
export const ADMIN_SECRET_QUESTIONS = [
  "Quel est le nom de votre premier animal de compagnie ?",
  "Quel est le prénom de votre mère ?",
  "Dans quelle ville êtes-vous né(e) ?",
  "Quel est le prénom de votre ami(e) d'enfance ?",
  "Quelle était la marque de votre première voiture ?",
  "Quel est le nom de votre école primaire ?",
] as const;
