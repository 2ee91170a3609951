import { Link } from "react-router-dom";
import styles from "./top-bar.module.css";

/** The Planify mark: a calendar page with a tick, drawn in SVG. */
export function LogoMark({ size = 34 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="planify-logo" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6366f1" />
          <stop offset="0.6" stopColor="#8b5cf6" />
          <stop offset="1" stopColor="#ec4899" />
        </linearGradient>
      </defs>
      <rect x="2" y="4" width="36" height="34" rx="10" fill="url(#planify-logo)" />
      <rect x="10" y="1" width="4" height="8" rx="2" fill="#312e81" />
      <rect x="26" y="1" width="4" height="8" rx="2" fill="#312e81" />
      <path d="M12 22.5l5.5 5.5L29 16.5" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function Logo() {
  return (
    <Link to="/" className={styles.logo} aria-label="Planify, accueil">
      <LogoMark />
      <span className={styles.logoText}>Planify</span>
    </Link>
  );
}
