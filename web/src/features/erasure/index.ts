// The public face of features/erasure: « Supprimer mon compte », mounted in the profile popup by the
// layout, which hands it to the profile feature as an extra section (profile never imports it).
import { lazy } from "react";

/** The « Supprimer mon compte » section, loaded only when the profile popup opens. */
export const ErasureSection = lazy(() => import("./erasure-section"));
