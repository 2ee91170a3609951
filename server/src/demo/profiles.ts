import { fileURLToPath } from "node:url";
import { SETUP_SECRET_QUESTIONS } from "@planify/common/constants/secret-questions";
import type { AppDeps } from "../deps";
import { findUserByUsername, setSecretQuestions } from "../features/auth/service";
import { uploadAvatar } from "../features/profiles/avatar";
import { uploadMusic } from "../features/profiles/music";
import { saveTheme, savePublicNote, setLeaderboardEnabled } from "../features/profiles/settings";
import { countTaskCompletion } from "../features/tasks/completion";
import { createUser } from "../features/users/service";
import { DEMO_PASSWORD, DEMO_SECRET_ANSWER } from "./accounts";
import { identiconPng } from "./png";
// A 7-second melody made for the demo (sox: plucked C-major phrase with reverb; lame, 64 kbps mono).
// @ts-expect-error: a file import is a path string to Bun (embedded by bun build --compile); tsc has no type for .mp3.
import embeddedMelody from "./assets/profile-melody.mp3" with { type: "file" };

/** Demo students with a picture (drawn here: identicons) and the note on their profile. */
const PROFILES: { username: string; avatar: boolean; note: string }[] = [
  { username: "lea.martin", avatar: true, note: "Déléguée BUT1 A : écrivez-moi !" },
  { username: "hugo.bernard", avatar: true, note: "Team Bagnat pour toujours 🐐" },
  { username: "emma.petit", avatar: true, note: "Écoutez ma musique de profil 🎵" },
  { username: "chloe.roux", avatar: true, note: "Objectif : 10 000 coins avant juin." },
  { username: "ines.girard", avatar: true, note: "En stage jusqu'en mars." },
  { username: "lucas.moreau", avatar: true, note: "" },
  { username: "nathan.fournier", avatar: false, note: "Qui a les notes du cours de vendredi ?" },
];

/**
 * Tasks completed earlier in the school year (before the demo week), so that the "Tâches
 * complétées" board has a real order; counted the one way tasks are (milestones included).
 */
const EARLIER_COMPLETIONS: Record<string, number> = {
  "chloe.roux": 12,
  "lea.martin": 11,
  "hugo.bernard": 7,
  "emma.petit": 5,
  "ines.girard": 5,
  "lucas.moreau": 3,
  "nathan.fournier": 2,
};

/** The second demo professor: not on the leaderboards (professors opt in; m.durand does). */
export const DEMO_SECOND_PROF = { username: "s.lambert", firstName: "Sophie", lastName: "Lambert" } as const;

/**
 * Inside the binary the import is the embedded file's path; under Vite (tests) it is a URL
 * path, so the file is read next to this module instead.
 */
function melodyFile(): Blob {
  const embedded = Bun.file(embeddedMelody as string);
  return embedded.size > 0 ? embedded : Bun.file(fileURLToPath(new URL("./assets/profile-melody.mp3", import.meta.url)));
}

/**
 * Demo profiles: avatars, public notes, one profile with music (emma.petit), a dark theme,
 * and the professors' leaderboard choice (m.durand takes part, s.lambert does not). Goes
 * through the same services as the profile editor, so the files land where uploads do.
 */
export async function seedDemoProfiles(deps: AppDeps): Promise<void> {
  const user = async (username: string) => (await findUserByUsername(deps, username))!;
  for (const p of PROFILES) {
    if (p.avatar) {
      const avatar = new File([identiconPng(p.username)], `${p.username}.png`, { type: "image/png" });
      await uploadAvatar(deps, await user(p.username), { avatar });
    }
    if (p.note) await savePublicNote(deps, await user(p.username), p.note);
  }
  const music = new File([await melodyFile().arrayBuffer()], "Petite mélodie.mp3", { type: "audio/mpeg" });
  await uploadMusic(deps, await user("emma.petit"), {
    music,
    title: "Petite mélodie de Planify",
    startSeconds: "0",
    durationSeconds: "7",
  });
  await saveTheme(deps, await user("chloe.roux"), { theme: "dark", darkBrightness: 100, darkContrast: 95 });
  // The accounts are read before the transaction: inside it every query goes through `tx`.
  const completions: [string, number][] = [];
  for (const [username, count] of Object.entries(EARLIER_COMPLETIONS)) completions.push([(await user(username)).id, count]);
  await deps.db.transaction(async (tx) => {
    for (const [userId, count] of completions) {
      for (let i = 0; i < count; i++) await countTaskCompletion(tx, userId, 1, deps.now());
    }
  });

  await setLeaderboardEnabled(deps, await user("m.durand"), true);
  await savePublicNote(deps, await user("m.durand"), "Bureau B204, le mardi après-midi.");
  const second = await createUser(deps, { ...DEMO_SECOND_PROF, role: "prof", password: DEMO_PASSWORD });
  await setSecretQuestions(deps, second.id, [
    { question: SETUP_SECRET_QUESTIONS[0], answer: DEMO_SECRET_ANSWER },
    { question: SETUP_SECRET_QUESTIONS[2], answer: "Lyon" },
  ]);
}
