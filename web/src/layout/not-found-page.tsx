import { Link } from "react-router-dom";
import { ArrowRightIcon } from "../components/icons";
import { usePageTitle } from "../components/page";
import styles from "./not-found-page.module.css";

export function NotFoundPage() {
  usePageTitle("Page introuvable");
  return (
    <div className={styles.wrap}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.title}>Page introuvable</h1>
      <p className={styles.text}>Cette page n'existe pas ou a été déplacée. Vos devoirs, eux, ne se sont pas envolés.</p>
      <Link to="/" className={styles.home}>
        Retour à l'accueil <ArrowRightIcon size={18} />
      </Link>
    </div>
  );
}
