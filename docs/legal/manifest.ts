/** The downloadable documents of the About page; the text of each is in docs/legal/<id>.ts. */
export const LEGAL_DOCUMENTS = [
  {
    id: "reglement",
    file: "planify-reglement-complet.docx",
    title: "Règlement complet",
    summary: "Les règles d'utilisation de Planify : comptes, devoirs, Planify Coins, boutique, roue et comportement.",
  },
  {
    id: "confidentialite",
    file: "planify-politique-de-confidentialite.docx",
    title: "Politique de confidentialité",
    summary: "Quelles données nous conservons, où, combien de temps, et comment exercer vos droits (RGPD).",
  },
  {
    id: "accessibilite",
    file: "planify-declaration-accessibilite.docx",
    title: "Déclaration d'accessibilité",
    summary: "L'état de conformité de Planify au RGAA, ses limites connues et comment nous signaler un problème.",
  },
] as const;

export type LegalDocumentId = (typeof LEGAL_DOCUMENTS)[number]["id"];
/** Public folder (under web/public) and URL prefix of the generated files. */
export const LEGAL_DOCUMENTS_PATH = "/documents";
