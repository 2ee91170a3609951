import styles from "./wheel.module.css";

function Shield({ lit, gold, label }: { lit: boolean; gold?: boolean; label: string }) {
  return (
    <span className={styles.shield} data-lit={lit || undefined} data-gold={gold || undefined} title={label}>
      <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
        <path d="M12 2 L20 5 V11 C20 16.5 16.5 20.5 12 22 C7.5 20.5 4 16.5 4 11 V5 Z" />
        {gold && lit && (
          <path d="M8.5 12 l2.5 2.5 l4.5 -5" fill="none" stroke="#7a4d00" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        )}
      </svg>
    </span>
  );
}

/** Loss streak 1 lights the first shield, 2 lights two; a ready protection lights the gold third. */
export function Shields({ lossStreak, protectionReady }: { lossStreak: number; protectionReady: boolean }) {
  const label = protectionReady ? "Protection prête : pas de case Perdu au prochain tour" : `Série de pertes : ${lossStreak} sur 2`;
  return (
    <div
      className={styles.shields}
      role="img"
      aria-label={label}
      data-testid="wheel-shields"
      data-streak={lossStreak}
      data-protection={protectionReady || undefined}
    >
      <Shield lit={lossStreak >= 1} label="Première perte" />
      <Shield lit={lossStreak >= 2} label="Deuxième perte" />
      <Shield lit={protectionReady} gold label="Protection" />
      <span className={styles.shieldText}>
        {protectionReady ? "Protection prête !" : lossStreak ? `${lossStreak} perte${lossStreak > 1 ? "s" : ""} d'affilée` : "Aucune perte"}
      </span>
    </div>
  );
}
