import type { RoleInput } from "@planify/common/constants/roles";

/** Password of every demo account (documented in the README; only seeded with --demo). */
export const DEMO_PASSWORD = "planify-demo";

/** Answer to every demo account's secret questions (documented in the README). */
export const DEMO_SECRET_ANSWER = "Caramel";

export interface DemoAccount {
  username: string;
  role: RoleInput;
  firstName: string;
  lastName: string;
  year?: "BUT1" | "BUT2" | "BUT3";
  groupe?: string;
  specialite?: "devweb" | "creation" | "strategie";
  /** false: first login shows the forced secret-questions setup. */
  withQuestions: boolean;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { username: "claire.admin", role: "admin", firstName: "Claire", lastName: "Vasseur", withQuestions: true },
  { username: "m.durand", role: "prof", firstName: "Marc", lastName: "Durand", withQuestions: true },
  {
    username: "lea.martin",
    role: "delegue",
    firstName: "Léa",
    lastName: "Martin",
    year: "BUT1",
    groupe: "A",
    specialite: "devweb",
    withQuestions: true,
  },
  {
    username: "hugo.bernard",
    role: "delegue",
    firstName: "Hugo",
    lastName: "Bernard",
    year: "BUT2",
    groupe: "B",
    specialite: "creation",
    withQuestions: true,
  },
  {
    username: "emma.petit",
    role: "eleve",
    firstName: "Emma",
    lastName: "Petit",
    year: "BUT1",
    groupe: "A",
    specialite: "devweb",
    withQuestions: true,
  },
  {
    username: "lucas.moreau",
    role: "eleve",
    firstName: "Lucas",
    lastName: "Moreau",
    year: "BUT1",
    groupe: "B",
    specialite: "creation",
    withQuestions: true,
  },
  {
    username: "chloe.roux",
    role: "eleve",
    firstName: "Chloé",
    lastName: "Roux",
    year: "BUT2",
    groupe: "A",
    specialite: "devweb",
    withQuestions: true,
  },
  {
    username: "nathan.fournier",
    role: "eleve",
    firstName: "Nathan",
    lastName: "Fournier",
    year: "BUT2",
    groupe: "B'",
    specialite: "strategie",
    withQuestions: true,
  },
  {
    username: "ines.girard",
    role: "eleve",
    firstName: "Inès",
    lastName: "Girard",
    year: "BUT3",
    groupe: "A",
    specialite: "creation",
    withQuestions: true,
  },
  {
    username: "tom.lefebvre",
    role: "eleve",
    firstName: "Tom",
    lastName: "Lefebvre",
    year: "BUT3",
    groupe: "B",
    specialite: "devweb",
    withQuestions: false,
  },
];
