// The three states every screen that loads data shows besides its content: loading, a
// failure with « Réessayer », and nothing to show. A failed load is never shown as an empty
// list (or 0 coins): screens render these instead of copying their own.
import type { ReactNode } from "react";
import { failureText } from "../lib/failure-text";
import { Button } from "./button";
import styles from "./query-state.module.css";

/** What a screen gets from react-query (useQuery, useInfiniteQuery) and needs here. */
export interface LoadState {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** A load in progress (announced politely). */
export function QueryLoading({ text = "Chargement…" }: { text?: string }) {
  return (
    <p className={styles.loading} role="status">
      {text}
    </p>
  );
}

/** A load that failed: the screen's sentence, the reason given, and « Réessayer » (refetch). */
export function QueryError({
  text,
  error,
  onRetry,
  retrying,
}: {
  text: string;
  error?: unknown;
  onRetry: () => unknown;
  retrying?: boolean;
}) {
  return (
    <div className={styles.error} role="alert">
      <p>{error === undefined ? text : failureText(text, error)}</p>
      <Button size="small" variant="secondary" onClick={() => void onRetry()} disabled={retrying}>
        {retrying ? "Chargement…" : "Réessayer"}
      </Button>
    </div>
  );
}

/** A list with nothing in it (the load succeeded). */
export function QueryEmpty({ children }: { children: ReactNode }) {
  return <p className={styles.empty}>{children}</p>;
}

export interface QueryStateProps<T> {
  query: LoadState & { data: T | undefined };
  /** The failure's sentence, e.g. « Impossible de charger les devoirs. » */
  errorText: string;
  /** Shown while nothing is known yet (default: « Chargement… »). */
  loading?: ReactNode;
  /** Whether the answer holds nothing to show; then `empty` is shown instead of the content. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * Loading, then the content, or the failure with « Réessayer », or the empty state. When a
 * refetch fails while data is shown, the data stays (react-query keeps it) and the failure
 * shows above it.
 */
export function QueryState<T>({ query, errorText, loading, isEmpty, empty, children }: QueryStateProps<T>) {
  const failure = query.isError && <QueryError text={errorText} error={query.error} onRetry={query.refetch} retrying={query.isFetching} />;
  if (query.data === undefined) return failure || (loading ?? <QueryLoading />);
  const body = isEmpty?.(query.data) && empty !== undefined ? <QueryEmpty>{empty}</QueryEmpty> : children(query.data);
  return failure ? (
    <>
      {failure}
      {body}
    </>
  ) : (
    body
  );
}
