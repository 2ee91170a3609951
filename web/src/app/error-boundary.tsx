import { Component, type ReactNode } from "react";
import { Button } from "../components/button";
import styles from "./error-boundary.module.css";

/** What the page says when a screen's code is missing (the app was updated since this tab loaded). */
export const NEW_VERSION_TEXT = "Une nouvelle version de Planify est disponible.";
/** What the page says when a screen failed to render. */
export const RENDER_ERROR_TEXT = "Cette page a rencontré un problème.";

/**
 * Whether an error is a screen's chunk that could not be loaded: after an update the old
 * file names are gone (Chromium: "Failed to fetch dynamically imported module", Firefox:
 * "error loading dynamically imported module", Safari: "Importing a module script failed",
 * webpack-style "ChunkLoadError").
 */
export function isChunkLoadError(error: unknown): boolean {
  const e = error as { name?: unknown; message?: unknown } | null;
  const text = `${typeof e?.name === "string" ? e.name : ""} ${typeof e?.message === "string" ? e.message : String(error)}`;
  return /ChunkLoadError|dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(text);
}

interface Props {
  children: ReactNode;
  /** Reloads the page (the browser's reload; a test passes its own). */
  reload?: () => void;
}

interface State {
  error: unknown;
}

/**
 * Catches what a screen throws while rendering or loading its chunk, so the app never turns
 * into a blank page: the layout (top bar, footer) stays around it. The layout keys it by
 * route, so going to another page starts afresh. A reload is only ever offered (a button),
 * never started by itself: a chunk still missing after it cannot loop.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    console.error("Erreur d'affichage de la page", error);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    const chunk = isChunkLoadError(this.state.error);
    const reload = this.props.reload ?? (() => window.location.reload());
    return (
      <div className={styles.wrap} role="alert" data-testid={chunk ? "new-version" : "render-error"}>
        <h1 className={styles.title}>{chunk ? NEW_VERSION_TEXT : RENDER_ERROR_TEXT}</h1>
        <p className={styles.text}>
          {chunk
            ? "Recharge la page pour passer à la nouvelle version."
            : "Recharge la page ; si le problème revient, réessaie un peu plus tard."}
        </p>
        <Button onClick={reload}>Recharger</Button>
      </div>
    );
  }
}
