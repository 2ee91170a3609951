// The public face of features/my-data: « Mes données » (the data download and « Mes appareils »),
// mounted in the profile popup by the layout, which hands it to the profile feature as an extra section.
import { lazy } from "react";

/** The « Mes données » section, loaded only when the profile popup opens. */
export const MyDataSection = lazy(() => import("./my-data-section"));
