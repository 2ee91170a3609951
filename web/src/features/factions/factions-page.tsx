import type { CSSProperties, ReactNode } from "react";
import { Page } from "../../components/page";
import styles from "./factions-page.module.css";

interface FactionCard {
  key: string;
  /** This page spells the first faction "Bagna", unlike the rest of the app: keep it. */
  name: string;
  motto: string;
  colors: [string, string];
  emblem: ReactNode;
}

const FACTIONS: FactionCard[] = [
  {
    key: "Bagnat",
    name: "Bagna",
    motto: "Les enfants du soleil et de la mer : rapides, solidaires et toujours partants.",
    colors: ["#0ea5e9", "#6366f1"],
    emblem: (
      <svg viewBox="0 0 64 64" width="56" height="56" aria-hidden="true">
        <circle cx="32" cy="24" r="10" fill="#fde68a" />
        <path d="M6 40c6-5 11-5 17 0s11 5 17 0 11-5 18 0" fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" />
        <path d="M6 52c6-5 11-5 17 0s11 5 17 0 11-5 18 0" fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" opacity="0.7" />
      </svg>
    ),
  },
  {
    key: "Fermier",
    name: "Fermier",
    motto: "Les gardiens des champs : patients, réguliers et fiers du travail bien fait.",
    colors: ["#16a34a", "#ca8a04"],
    emblem: (
      <svg viewBox="0 0 64 64" width="56" height="56" aria-hidden="true">
        <path d="M32 58V18" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
        {[20, 30, 40].map((y) => (
          <g key={y} fill="#fde68a">
            <ellipse cx="24" cy={y} rx="8" ry="4" transform={`rotate(-35 24 ${y})`} />
            <ellipse cx="40" cy={y} rx="8" ry="4" transform={`rotate(35 40 ${y})`} />
          </g>
        ))}
        <ellipse cx="32" cy="12" rx="4" ry="8" fill="#fde68a" />
      </svg>
    ),
  },
];

/** The factions page frame: the two factions side by side; the ranking comes later. */
export function FactionsPage() {
  return (
    <Page title="Factions" eyebrow="Bagna contre Fermier"
      intro="Deux camps s'affrontent dans Planify. Les Planify Coins que gagnent leurs membres font grimper le total de leur faction.">
      <div className={styles.columns}>
        {FACTIONS.map((f) => (
          <section key={f.key} className={styles.column} aria-labelledby={`faction-${f.key}`}
            style={{ "--faction-a": f.colors[0], "--faction-b": f.colors[1] } as CSSProperties}>
            <div className={styles.banner}>
              <span className={styles.emblem}>{f.emblem}</span>
              <h2 id={`faction-${f.key}`} className={styles.name}>{f.name}</h2>
              <p className={styles.motto}>{f.motto}</p>
            </div>
            <div className={styles.body}>
              <p className={styles.soon}>Le classement des factions arrive bientôt.</p>
            </div>
          </section>
        ))}
      </div>
    </Page>
  );
}
