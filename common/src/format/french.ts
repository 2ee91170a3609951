/**
 * French elision of « de » before a vowel or a mute h: « Devoir d'Intégration »,
 * « Tâches d'Hébergement », « Devoir de Maths ».
 *
 * Every h is taken as mute (it elides) except the aspirated ones listed below: school subjects,
 * people and places starting with h are mostly mute (Histoire, Hébergement, Hugo), and the
 * few aspirated words a school names (Handball, Hockey, Hollande…) are listed. A guess on an
 * unlisted word reads as a small slip, never as a wrong meaning. An acronym starting with
 * H (HTML) is said « ache » and keeps « de ». A y elides before a consonant (d'Yves) and not
 * before a vowel (de yoga); digits and symbols never elide.
 */

/** First words whose h is aspirated (no elision), without accents, in lower case. */
const ASPIRATED_H = new Set([
  "hache",
  "haine",
  "hall",
  "halte",
  "haltere",
  "halterophilie",
  "hamac",
  "hameau",
  "hamster",
  "hanche",
  "hand",
  "handball",
  "handicap",
  "hangar",
  "hanneton",
  "harcelement",
  "haricot",
  "harpe",
  "hasard",
  "hate",
  "haut",
  "haute",
  "hauteur",
  "havre",
  "hennissement",
  "heros",
  "herisson",
  "hetre",
  "hibou",
  "hierarchie",
  "hip-hop",
  "hippie",
  "hit",
  "hobby",
  "hockey",
  "hollande",
  "homard",
  "hongrie",
  "honte",
  "hors",
  "hotte",
  "houle",
  "housse",
  "hublot",
  "huit",
  "huitieme",
  "hurlement",
  "hutte",
]);

const VOWELS = "aeiouyàâäéèêëîïôöùûüÿæœ";

const plain = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** True when « de » elides before `word` (its first letter is a vowel or a mute h). */
export function elidesBefore(word: string): boolean {
  const text = word.replace(/^[\s«"“'‘(]+/u, "");
  const first = text.charAt(0);
  if (!first) return false;
  const lower = first.toLowerCase();
  if (lower === "h") {
    const head = text.split(/[\s,.;:!?'’()]/u)[0] ?? "";
    if (head.length > 1 && head === head.toUpperCase()) return false;
    return !ASPIRATED_H.has(plain(head));
  }
  if (lower === "y") {
    const next = text.charAt(1).toLowerCase();
    return next !== "" && !VOWELS.includes(next) && /\p{L}/u.test(next);
  }
  return VOWELS.includes(lower);
}

/** « de » followed by `word`, elided when French wants it: « d'Intégration », « de Maths ». */
export function deWord(word: string): string {
  return elidesBefore(word) ? `d'${word.replace(/^\s+/u, "")}` : `de ${word}`;
}
