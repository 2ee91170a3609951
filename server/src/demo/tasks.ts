import { BUILTIN_SUBJECT_COLORS, type BuiltinSubject } from "@planify/common/constants/subjects";
import type { TaskBody } from "@planify/common/schemas/tasks";
import type { AppDeps } from "../deps";
import { findUserByUsername } from "../features/auth/service";
import { createSubject, upsertRule } from "../features/subjects/service";
import { addAttachments } from "../features/tasks/files-service";
import { submitFiles } from "../features/tasks/hand-in-service";
import { createTask } from "../features/tasks/service";
import { applyStateAction } from "../features/tasks/state";
import { loadTask } from "../features/tasks/visibility";
import { addDays, parisDate } from "@planify/common/time/paris-time";

/** A small but real one-page PDF showing a title and a few lines (demo attachments and hand-ins). */
export function demoPdf(title: string, lines: string[]): Uint8Array {
  const esc = (s: string) =>
    s
      .normalize("NFD")
      .replace(/[^\x20-\x7e]/g, "")
      .replace(/([\\()])/g, "\\$1");
  const text = [
    `BT /F1 20 Tf 72 760 Td (${esc(title)}) Tj ET`,
    ...lines.map((l, i) => `BT /F1 12 Tf 72 ${720 - i * 18} Td (${esc(l)}) Tj ET`),
  ].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets = objects.map((body, i) => {
    const at = out.length;
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

const COLOURED: BuiltinSubject[] = [
  "Développement web",
  "Anglais",
  "Culture numérique",
  "Intégration",
  "Système d'information",
  "Gestion de contenus",
  "Hébergement",
  "Production graphique",
  "Ergonomie et accessibilité",
];

/** Subjects with colours, one custom subject, and a static rule (Hébergement from BUT2). */
async function seedSubjects(deps: AppDeps): Promise<void> {
  for (const [i, name] of COLOURED.entries()) {
    const [color, color2] = BUILTIN_SUBJECT_COLORS[name];
    await createSubject(deps, { name, color, color2, useGradient: i % 3 !== 2, gradientAngle: 135, colorOpacity: 1, color2Opacity: 1 });
  }
  await createSubject(deps, {
    name: "Atelier UX/UI",
    color: "#0EA5E9",
    color2: "#6366F1",
    useGradient: true,
    gradientAngle: 120,
    yearsAllowed: ["BUT2", "BUT3"],
  });
  await upsertRule(deps, { subjectName: "Hébergement", yearsAllowed: ["BUT2", "BUT3"] });
}

interface DemoTask extends Omit<TaskBody, "date"> {
  by: string;
  /** Days from today (Paris); negative is in the past. */
  day: number;
  attachment?: string;
}

const p = (...parts: string[]) => parts.map((t) => `<p>${t}</p>`).join("");

const DEMO_TASKS: DemoTask[] = [
  {
    by: "lea.martin",
    day: 2,
    heure: "23:59",
    titre: "Maquette de la page d'accueil",
    matiere: "Développement web",
    groupes: ["A"],
    description: p(
      "Réaliser la maquette <strong>desktop et mobile</strong> de la page d'accueil du portfolio.",
      '<span style="color:#dc2626">Format Figma, lien à partager en commentaire.</span>',
    ),
  },
  {
    by: "lea.martin",
    day: 4,
    heure: "10:00",
    durationMinutes: 45,
    type: "exam",
    titre: "Quiz vocabulaire unité 4",
    matiere: "Anglais",
    groupes: ["Promo"],
    description: p("Vocabulaire des unités 3 et 4, <em>phrasal verbs</em> compris."),
  },
  {
    by: "lea.martin",
    day: -1,
    heure: "18:00",
    titre: "Fiche de lecture : l'image numérique",
    matiere: "Culture numérique",
    groupes: ["Promo"],
    description: p("Une page maximum, en citant au moins deux sources."),
  },
  {
    by: "lea.martin",
    day: -3,
    heure: "18:00",
    titre: "Charte graphique du projet",
    matiere: "Production graphique",
    groupes: ["Promo"],
    description: p("Couleurs, typographies et logo en PDF."),
  },
  {
    by: "m.durand",
    year: "BUT1",
    day: 5,
    heure: "18:00",
    titre: "Dossier de veille technologique",
    matiere: "Système d'information",
    groupes: ["Promo"],
    submissionEnabled: true,
    attachment: "consignes-veille.pdf",
    description: p(
      "Choisir une technologie récente et rédiger un dossier de <strong>4 pages</strong>.",
      "Les consignes détaillées sont en pièce jointe.",
    ),
  },
  {
    by: "m.durand",
    year: "BUT1",
    day: -2,
    heure: "12:00",
    titre: "Compte rendu de TP : formulaires",
    matiere: "Intégration",
    groupes: ["A", "B"],
    submissionEnabled: true,
    description: p("Déposer le compte rendu du TP au format PDF."),
  },
  {
    by: "m.durand",
    year: "BUT1",
    day: 7,
    heure: "08:30",
    durationMinutes: 120,
    type: "exam",
    titre: "Partiel d'intégration",
    matiere: "Intégration",
    groupes: ["Promo"],
    description: p("HTML sémantique, CSS Grid et Flexbox. Aucun document autorisé."),
  },
  {
    by: "m.durand",
    year: "BUT2",
    specialite: "devweb",
    day: 3,
    heure: "23:59",
    titre: "Projet WordPress : thème enfant",
    matiere: "Gestion de contenus",
    groupes: ["A"],
    submissionEnabled: true,
    description: p("Créer un thème enfant et l'archiver en ZIP avec un court README."),
  },
  {
    by: "m.durand",
    year: "BUT2",
    day: 6,
    heure: "14:00",
    durationMinutes: 90,
    titre: "Mise en ligne sur VPS",
    matiere: "Hébergement",
    groupes: ["Promo"],
    description: p("Configurer Nginx et le certificat TLS de votre projet."),
  },
  {
    by: "m.durand",
    year: "BUT3",
    day: 1,
    heure: "17:00",
    titre: "Audit d'accessibilité RGAA",
    matiere: "Ergonomie et accessibilité",
    groupes: ["Promo"],
    description: p("Auditer 5 pages de votre projet et proposer les corrections."),
  },
  {
    by: "m.durand",
    year: "BUT3",
    day: 4,
    heure: "10:00",
    durationMinutes: 30,
    type: "exam",
    titre: "Soutenance du projet tutoré",
    matiere: "Projet personnel et professionnel",
    groupes: ["Promo"],
    description: p("15 minutes de présentation, 15 minutes de questions."),
  },
  {
    by: "hugo.bernard",
    day: 2,
    heure: "09:00",
    titre: "Storyboard du motion design",
    matiere: "Production audio et vidéo",
    groupes: ["B", "B'"],
    description: p("12 cases minimum, en couleur."),
  },
  {
    by: "hugo.bernard",
    day: 3,
    heure: "14:00",
    type: "exam",
    titre: "Oral : rhétorique publicitaire",
    matiere: "Expression et rhétorique",
    groupes: ["Promo"],
    description: p("Analyse d'une publicité au choix, 5 minutes."),
  },
  {
    by: "hugo.bernard",
    day: 5,
    heure: "16:00",
    titre: "Wireframes de l'application",
    matiere: "Atelier UX/UI",
    groupes: ["Promo"],
    description: p("Parcours d'inscription complet, basse fidélité."),
  },
];

/**
 * Seeds subjects and a week of homework and exams around today (Paris), with a PDF attachment
 * on disk, a few hand-ins (one late) and some ticked and archived tasks. Runs once, in seedDemo.
 */
export async function seedDemoTasks(deps: AppDeps): Promise<void> {
  await seedSubjects(deps);
  const user = async (username: string) => (await findUserByUsername(deps, username))!;
  const today = parisDate(deps.now());
  const ids: Record<string, string> = {};
  for (const { by, day, attachment, ...body } of DEMO_TASKS) {
    const author = await user(by);
    const id = await createTask(deps, author, { ...body, date: addDays(today, day) });
    ids[body.titre!] = id;
    if (attachment) {
      const pdf = demoPdf(body.titre!, ["Consignes du dossier", "4 pages, sources citees, rendu en PDF."]);
      await addAttachments(deps, author, id, [new File([pdf], attachment, { type: "application/pdf" })]);
    }
  }
  const hand = async (username: string, title: string, file: string) =>
    await submitFiles(deps, await user(username), ids[title]!, [new File([demoPdf(title, [`Rendu de ${username}`])], file)]);
  await hand("lucas.moreau", "Compte rendu de TP : formulaires", "compte-rendu-tp.pdf");
  await hand("emma.petit", "Dossier de veille technologique", "veille-webassembly.pdf");
  await hand("chloe.roux", "Projet WordPress : thème enfant", "theme-enfant-notice.pdf");
  const state = async (username: string, title: string, actions: ("check" | "archive")[]) => {
    const who = await user(username);
    const { task } = await loadTask(deps.db, ids[title]!);
    for (const action of actions) await applyStateAction(deps, who, task, action);
  };
  await state("emma.petit", "Maquette de la page d'accueil", ["check"]);
  await state("emma.petit", "Charte graphique du projet", ["check", "archive"]);
  await state("lucas.moreau", "Charte graphique du projet", ["check"]);
}
