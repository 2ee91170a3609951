import { Link } from "react-router-dom";
import { Accordion } from "../../components/accordion";
import { ArrowRightIcon, CheckIcon, HeartIcon, UsersIcon } from "../../components/icons";
import { usePageTitle } from "../../components/page";
import { TeamSection } from "../../components/team-section";
import styles from "./home-page.module.css";

const FREE_POINTS = [
  { icon: HeartIcon, title: "Sans publicité", text: "Aucune bannière, aucun pistage publicitaire : seulement vos devoirs." },
  {
    icon: CheckIcon,
    title: "Sans abonnement",
    text: "Pas de version payante ni de fonction réservée : tout est inclus pour tout le monde.",
  },
  { icon: UsersIcon, title: "Pour toute la promo", text: "Étudiants, délégués et professeurs utilisent le même outil, gratuitement." },
];

const FAQ = [
  {
    id: "gratuit",
    title: "Planify est-il vraiment gratuit ?",
    content: (
      <p>
        Oui, complètement. Planify n'affiche aucune publicité et ne propose aucun abonnement : toutes les fonctions sont accessibles à tous
        les étudiants, délégués et professeurs.
      </p>
    ),
  },
  {
    id: "devoirs",
    title: "Comment les devoirs sont-ils gérés ?",
    content: (
      <p>
        Le délégué de votre promo (ou un professeur) ajoute les devoirs, examens et projets pour les groupes concernés : toute la promo les
        voit aussitôt. Chacun coche ensuite ce qu'il a terminé, archive ses tâches et, quand c'est demandé, dépose son rendu.
      </p>
    ),
  },
  {
    id: "mobile",
    title: "Puis-je utiliser Planify sur téléphone et tablette ?",
    content: (
      <p>
        Oui. Planify s'adapte à l'écran de votre ordinateur, de votre téléphone et de votre tablette : il suffit d'ouvrir le site dans votre
        navigateur et de vous connecter.
      </p>
    ),
  },
];

/** Decorative preview of the homework list for the banner (hidden from screen readers). */
function BannerPreview() {
  const rows = [
    { subject: "Développement web", title: "Projet : site vitrine", tone: "#6366f1", done: true },
    { subject: "Anglais", title: "Oral de présentation", tone: "#ec4899", done: false },
    { subject: "Culture numérique", title: "Examen de mi-semestre", tone: "#f59e0b", done: false },
  ];
  return (
    <div className={styles.preview} aria-hidden="true">
      <div className={styles.previewHead}>
        <span>Devoirs de la promo</span>
        <span className={styles.previewPill}>Cette semaine</span>
      </div>
      {rows.map((r) => (
        <div key={r.title} className={styles.previewRow} data-done={r.done}>
          <span className={styles.previewCheck}>{r.done && <CheckIcon size={14} />}</span>
          <span className={styles.previewBar} style={{ background: r.tone }} />
          <span className={styles.previewText}>
            <strong>{r.title}</strong>
            <small>{r.subject}</small>
          </span>
        </div>
      ))}
    </div>
  );
}

/** The home page: banner, free section, team and FAQ (a teacher's « À corriger » comes above it, from the router). */
export function HomePage() {
  usePageTitle("Accueil");
  return (
    <div className={styles.page}>
      <section className={styles.banner} aria-labelledby="home-title">
        <div className={styles.bannerText}>
          <p className={styles.badge}>Le planificateur des étudiants en BUT</p>
          <h1 id="home-title" className={styles.title}>
            Simplifiez votre réussite
          </h1>
          <p className={styles.lead}>
            Devoirs, examens et projets de toute votre promo réunis au même endroit. Cochez ce qui est fait, ne ratez plus une date de rendu
            et gagnez des Planify Coins en chemin.
          </p>
          <div className={styles.ctas}>
            <Link to="/devoirs" className={styles.primaryCta}>
              Commencer <ArrowRightIcon size={18} />
            </Link>
            <a href="#faq" className={styles.secondaryCta}>
              Questions fréquentes
            </a>
          </div>
        </div>
        <BannerPreview />
      </section>

      <section className={styles.section} aria-labelledby="free-title">
        <div className={styles.freeCard}>
          <div className={styles.freeIntro}>
            <p className={styles.kicker}>100 % gratuit</p>
            <h2 id="free-title" className={styles.h2}>
              Complètement gratuit, pour de vrai
            </h2>
            <p className={styles.muted}>Planify est entièrement gratuit : pas de publicité, pas d'abonnement, et il le restera.</p>
          </div>
          <ul className={styles.points}>
            {FREE_POINTS.map(({ icon: Icon, title, text }) => (
              <li key={title} className={styles.point}>
                <span className={styles.pointIcon}>
                  <Icon size={20} />
                </span>
                <div>
                  <h3>{title}</h3>
                  <p>{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="team-title">
        <p className={styles.kicker}>L'équipe</p>
        <h2 id="team-title" className={styles.h2}>
          Deux étudiants derrière Planify
        </h2>
        <p className={`${styles.muted} ${styles.sectionIntro}`}>
          Planify est né d'un constat simple : les devoirs de la promo étaient éparpillés entre messages, tableaux et mémoires. Nous l'avons
          fondé à deux.
        </p>
        <TeamSection />
      </section>

      <section id="faq" className={`${styles.section} ${styles.faqSection}`} aria-labelledby="faq-title">
        <div>
          <p className={styles.kicker}>FAQ</p>
          <h2 id="faq-title" className={styles.h2}>
            Questions fréquentes
          </h2>
          <p className={styles.muted}>
            Une autre question ? <Link to="/contact">Écrivez-nous</Link>, nous répondons à tous les messages.
          </p>
        </div>
        <Accordion items={FAQ} />
      </section>
    </div>
  );
}
