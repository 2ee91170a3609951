import { Link } from "react-router-dom";
import { LEGAL_DOCUMENTS, LEGAL_DOCUMENTS_PATH } from "../../../../docs/legal/manifest";
import { HeartIcon } from "../../components/icons";
import { BookIcon, DevicesIcon, DownloadIcon, FileIcon } from "../../components/page-icons";
import { Page } from "../../components/page";
import { TeamSection } from "../../components/team-section";
import { PatchNotesSection } from "./patch-notes-section";
import styles from "./about-page.module.css";

const VALUES = [
  {
    icon: BookIcon,
    title: "Une seule source",
    text: "Les devoirs publiés par le délégué ou le professeur arrivent chez toute la promo en même temps.",
  },
  {
    icon: HeartIcon,
    title: "Gratuit et sans publicité",
    text: "Pas d'abonnement, pas de pistage : Planify est fait par des étudiants, pour des étudiants.",
  },
  { icon: DevicesIcon, title: "Partout avec vous", text: "Sur ordinateur, téléphone et tablette, avec un thème clair ou sombre." },
];

/** The About page: intro, team, the three legal documents and the updates (patch notes). */
export function AboutPage() {
  return (
    <Page
      title="À propos de nous"
      eyebrow="Planify"
      intro="Planify est né dans un BUT, entre deux rendus oubliés. Notre idée : réunir au même endroit les devoirs, examens et projets de toute la promo, et rendre leur suivi un peu plus motivant grâce aux Planify Coins, à la roue et aux factions."
    >
      <ul className={styles.values}>
        {VALUES.map(({ icon: Icon, title, text }) => (
          <li key={title} className={styles.value}>
            <span className={styles.valueIcon}>
              <Icon size={22} />
            </span>
            <h2>{title}</h2>
            <p>{text}</p>
          </li>
        ))}
      </ul>

      <section className={styles.section} aria-labelledby="about-team">
        <h2 id="about-team" className={styles.h2}>
          L'équipe
        </h2>
        <p className={styles.sectionIntro}>Deux co-fondateurs, étudiants eux aussi, qui conçoivent, dessinent et développent Planify.</p>
        <TeamSection />
      </section>

      <section className={styles.section} aria-labelledby="about-docs">
        <h2 id="about-docs" className={styles.h2}>
          Documents
        </h2>
        <p className={styles.sectionIntro}>
          Les règles du service, la façon dont nous traitons vos données et notre engagement d'accessibilité, à télécharger au format Word.
        </p>
        <ul className={styles.docs}>
          {LEGAL_DOCUMENTS.map((doc) => (
            <li key={doc.id} className={styles.doc}>
              <span className={styles.docIcon}>
                <FileIcon size={24} />
              </span>
              <h3>{doc.title}</h3>
              <p>{doc.summary}</p>
              {/* The privacy notice depends on the school's settings: read in the app, never a fixed file. */}
              {doc.id === "confidentialite" ? (
                <Link className={styles.download} to="/confidentialite">
                  <FileIcon size={18} /> Lire<span className="visually-hidden"> « {doc.title} »</span>
                </Link>
              ) : (
                <a className={styles.download} href={`${LEGAL_DOCUMENTS_PATH}/${doc.file}`} download={doc.file}>
                  <DownloadIcon size={18} /> Télécharger<span className="visually-hidden"> « {doc.title} »</span>
                  <span className={styles.format}>DOCX</span>
                </a>
              )}
            </li>
          ))}
        </ul>
      </section>

      <PatchNotesSection />
    </Page>
  );
}
