/**
 * Password sign-in and ENT accounts: the school's switch and the French refusals the server
 * answers and the web shows.
 */

/** Who may sign in with a password: everyone (default), or admins only (the others use the ENT). */
export const PASSWORD_SIGN_IN = ["all", "admins"] as const;
export type PasswordSignIn = (typeof PASSWORD_SIGN_IN)[number];
export const PASSWORD_SIGN_IN_DEFAULT: PasswordSignIn = "all";

/** Refusal of a password login (or recovery) for a non-admin while the school keeps it for admins. */
export const PASSWORD_SIGN_IN_OFF = "La connexion par mot de passe est désactivée : utilise le bouton « Connexion ENT ».";
/** Refusal of the password recovery for an account tied to an ENT identity. */
export const ENT_ACCOUNT_RECOVERY =
  "Ce compte se connecte avec l'ENT : Planify ne connaît pas ton mot de passe. Utilise « Mot de passe oublié » sur la page de connexion de ton ENT.";
/** Refusal to disable or delete the last enabled ENT provider while password sign-in is for admins only. */
export const LAST_ENT_PROVIDER =
  "C'est la dernière connexion ENT activée et la connexion par mot de passe est réservée aux admins : rétablis d'abord la connexion par mot de passe pour tous (« Gérer les utilisateurs »), sinon plus personne d'autre ne pourrait se connecter.";
/** Refusal of the switch while no ENT provider is enabled (nobody but admins could sign in). */
export const PASSWORD_SIGN_IN_NEEDS_ENT =
  "Aucune connexion ENT n'est activée : couper la connexion par mot de passe empêcherait les élèves et les profs de se connecter.";
