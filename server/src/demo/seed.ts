import { SETUP_SECRET_QUESTIONS } from "@planify/common/constants/secret-questions";
import type { AppDeps } from "../deps";
import { findUserByUsername, setSecretQuestions } from "../features/auth/service";
import { createUser } from "../features/users/service";
import { sendPopup } from "../features/popups/service";
import { seedDemoEconomy } from "./economy";
import { seedDemoTasks } from "./tasks";
import { seedDemoProfiles } from "./profiles";
import { seedDemoPatchNotes } from "./patch-notes";
import { seedDemoFactions } from "./factions";
import { seedDemoJournal } from "./journal";
import { seedDemoCreatedItems } from "./item-creator";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_SECRET_ANSWER } from "./accounts";

/**
 * Seeds the demo school once: the accounts of every role and a welcome announcement.
 * Runs only on a database that has none of the demo accounts yet.
 */
export async function seedDemo(deps: AppDeps): Promise<boolean> {
  if (await findUserByUsername(deps, DEMO_ACCOUNTS[0]!.username)) return false;
  let adminId = "";
  for (const account of DEMO_ACCOUNTS) {
    const user = await createUser(deps, { ...account, password: DEMO_PASSWORD });
    if (account.role === "admin") adminId = user.id;
    if (account.withQuestions) {
      await setSecretQuestions(deps, user.id, [
        { question: SETUP_SECRET_QUESTIONS[0], answer: DEMO_SECRET_ANSWER },
        { question: SETUP_SECRET_QUESTIONS[2], answer: "Lyon" },
      ]);
    }
  }
  await sendPopup(
    deps,
    {
      target: "all",
      html: "<p><strong>Bienvenue sur Planify !</strong></p><p>Ceci est une école de démonstration : explorez les devoirs, la boutique et la roue de la fortune.</p>",
    },
    adminId,
  );
  await seedDemoCreatedItems(deps, adminId);
  await seedDemoEconomy(deps, adminId);
  await seedDemoPatchNotes(deps, adminId);
  await seedDemoTasks(deps);
  await seedDemoProfiles(deps);
  await seedDemoFactions(deps);
  await seedDemoJournal(deps);
  return true;
}
