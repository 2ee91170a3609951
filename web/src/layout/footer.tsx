import { Link } from "react-router-dom";
import { CONTACT_EMAIL, VIDEO_CHANNEL_URL } from "../components/contact-links";
import { MailIcon, VideoIcon } from "../components/icons";
import { LogoMark } from "./logo";
import styles from "./footer.module.css";

const LINKS = [
  { to: "/", label: "Accueil" },
  { to: "/devoirs", label: "Devoirs" },
  { to: "/about", label: "À propos" },
  { to: "/contact", label: "Contact" },
];

/** The footer of every page: site links, contact e-mail and the video channel. */
export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <span className={styles.name}>
            <LogoMark size={28} /> Planify
          </span>
          <p>Les devoirs et examens de toute la promo, gratuitement, sur ordinateur, téléphone et tablette.</p>
        </div>
        <nav aria-label="Liens du pied de page">
          <h2 className={styles.heading}>Navigation</h2>
          <ul className={styles.list}>
            {LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className={styles.heading}>Nous suivre</h2>
          <ul className={styles.list}>
            <li>
              <a href={`mailto:${CONTACT_EMAIL}`}>
                <MailIcon size={16} /> {CONTACT_EMAIL}
              </a>
            </li>
            <li>
              <a href={VIDEO_CHANNEL_URL} target="_blank" rel="noopener noreferrer">
                <VideoIcon size={16} /> Chaîne vidéo<span className="visually-hidden"> (nouvel onglet)</span>
              </a>
            </li>
          </ul>
        </div>
      </div>
      {/* The home page's copy is rendered at build time: a build from last year shows last year until hydrated. */}
      <p className={styles.legal} suppressHydrationWarning>
        © {new Date().getFullYear()} Planify · Gratuit, sans publicité ni abonnement
      </p>
    </footer>
  );
}
