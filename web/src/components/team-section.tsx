import type { CSSProperties } from "react";
import styles from "./team-section.module.css";

interface Member {
  name: string;
  role: string;
  bio: string;
  colors: [string, string];
}

/** The two co-founders, shown on the home and about pages. */
export const TEAM: readonly Member[] = [
  {
    name: "Hugo",
    role: "Développeur & CEO",
    bio: "Étudiant en développement web, il code Planify, du serveur jusqu'à la roue de la fortune, et veille à ce que tout reste rapide sur téléphone.",
    colors: ["#4f46e5", "#06b6d4"],
  },
  {
    name: "Léa",
    role: "Designer & CEO",
    bio: "Étudiante en création numérique, elle dessine l'interface, les objets de la boutique et s'assure que chaque écran reste clair et agréable.",
    colors: ["#db2777", "#f59e0b"],
  },
];

/** Cards of the co-founders with drawn initials (no external image). */
export function TeamSection() {
  return (
    // biome-ignore lint/a11y/noRedundantRoles: Safari drops the list semantics of a list-style:none list without it.
    <ul className={styles.grid} role="list">
      {TEAM.map((m) => (
        <li key={m.name} className={styles.card}>
          <span
            className={styles.avatar}
            aria-hidden="true"
            style={{ "--avatar-a": m.colors[0], "--avatar-b": m.colors[1] } as CSSProperties}
          >
            {m.name.slice(0, 1)}
          </span>
          <div className={styles.head}>
            <h3 className={styles.name}>{m.name}</h3>
            <span className={styles.role}>{m.role}</span>
          </div>
          <p className={styles.bio}>{m.bio}</p>
        </li>
      ))}
    </ul>
  );
}
