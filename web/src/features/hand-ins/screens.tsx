import { ToMarkSection } from "./components/to-mark-section";
import { HandInsPage } from "./hand-ins-page";

/**
 * What the router loads of this feature, in one chunk: the hand-in page, or with `toMark` the
 * teacher's « À corriger » (the home page's top). Profs and admins only: a student never loads it.
 */
export default function HandInsScreen({ toMark = false }: { toMark?: boolean }) {
  return toMark ? <ToMarkSection /> : <HandInsPage />;
}
