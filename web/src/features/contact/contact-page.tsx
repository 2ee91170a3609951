import { CONTACT_EMAIL as EMAIL, VIDEO_CHANNEL_URL as VIDEO_URL } from "../../components/contact-links";
import { MailIcon, VideoIcon } from "../../components/icons";
import { PinIcon } from "../../components/page-icons";
import { Page } from "../../components/page";
import { ContactForm } from "./contact-form";
import styles from "./contact-page.module.css";

/** The contact page: form, information column and status modal. */
export function ContactPage() {
  return (
    <Page
      title="Contactez-nous"
      eyebrow="Contact"
      intro="Une question, une idée, un bug ? Écrivez-nous : nous lisons tous les messages et répondons en général sous quelques jours."
    >
      <div className={styles.layout}>
        <section className={styles.card} aria-label="Envoyer un message">
          <ContactForm />
        </section>
        <aside className={styles.info} aria-labelledby="contact-info">
          <h2 id="contact-info" className={styles.infoTitle}>
            Informations
          </h2>
          <ul className={styles.infoList}>
            <li>
              <span className={styles.infoIcon}>
                <PinIcon size={20} />
              </span>
              <div>
                <strong>Adresse de l'école</strong>
                <address>
                  IUT — Département MMI
                  <br />
                  25 avenue des Lumières
                  <br />
                  69100 Villeurbanne
                </address>
              </div>
            </li>
            <li>
              <span className={styles.infoIcon}>
                <MailIcon size={20} />
              </span>
              <div>
                <strong>E-mail</strong>
                <a href={`mailto:${EMAIL}`}>{EMAIL}</a>
              </div>
            </li>
            <li>
              <span className={styles.infoIcon}>
                <VideoIcon size={20} />
              </span>
              <div>
                <strong>Chaîne vidéo</strong>
                <a href={VIDEO_URL} target="_blank" rel="noopener noreferrer">
                  youtube.com/@planify<span className="visually-hidden"> (nouvel onglet)</span>
                </a>
              </div>
            </li>
          </ul>
        </aside>
      </div>
    </Page>
  );
}
