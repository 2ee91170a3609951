// What the router loads of this feature, in one chunk: the hand-in page and the teacher's
// « À corriger » (the home page's slot). Profs and admins only: a student never loads it.
export { HandInsPage } from "./hand-ins-page";
export { ToMarkSection } from "./components/to-mark-section";
