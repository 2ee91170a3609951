import { ACCOUNT_FIELD_LABELS, accountValueLabel } from "@planify/common/constants/account-fields";
import { JOURNAL_ACTION_LABELS, type JournalEntry } from "@planify/common/schemas/admin";
import styles from "../../components/admin-panel.module.css";

/** "24/11/2026 05:12", Paris time. */
export const journalTime = (iso: string) =>
  new Date(iso).toLocaleString("fr-FR", { timeZone: "Europe/Paris", dateStyle: "short", timeStyle: "short" });

/** The French label of an action; an action without one shows as recorded. */
export const actionLabel = (action: string) => JOURNAL_ACTION_LABELS[action] ?? action;

/** French names of the detail keys the admin writes record; other keys show as recorded. */
const DETAIL_LABELS: Record<string, string> = {
  ...ACCOUNT_FIELD_LABELS,
  before: "Avant",
  after: "Après",
  faction: "Faction",
  coinsEach: "Coins par membre",
  recipients: "Destinataires",
  total: "Total",
  totals: "Totaux",
  message: "Message",
  notified: "Notifiés",
  usersReset: "Comptes remis à zéro",
  itemId: "Item",
  itemName: "Nom de l'item",
  adminMessage: "Message",
  code: "Code",
  questions: "Questions",
};

const isChange = (v: unknown): v is { before: unknown; after: unknown } =>
  typeof v === "object" && v !== null && !Array.isArray(v) && Object.keys(v).length === 2 && "before" in v && "after" in v;

/**
 * A detail value as one readable line: a change as « avant → après », an account field by its
 * French label (roles, specialities), other objects as indented JSON.
 */
function show(key: string, value: unknown): string {
  if (isChange(value)) return `${show(key, value.before)} → ${show(key, value.after)}`;
  if (key in ACCOUNT_FIELD_LABELS && (value === null || typeof value !== "object")) return accountValueLabel(key, value);
  return typeof value === "string" ? value : JSON.stringify(value, null, 2);
}

/** One journal entry: when, who, what, on whom, the summary, and the details on demand. Read-only. */
export function JournalEntryRow({ entry }: { entry: JournalEntry }) {
  const details = Object.entries(entry.details);
  return (
    <li className={styles.listItem}>
      <div className={styles.grow}>
        <div>
          <strong>{actionLabel(entry.action)}</strong>
          {entry.targetUsername && <> · {entry.targetUsername}</>}
        </div>
        <div>{entry.summary}</div>
        <div className={styles.muted}>
          <time dateTime={entry.at}>{journalTime(entry.at)}</time> · par {entry.adminUsername}
        </div>
        {details.length > 0 && (
          <details className={styles.details}>
            <summary>Détails</summary>
            <dl>
              {details.map(([key, value]) => (
                <div key={key}>
                  <dt>{DETAIL_LABELS[key] ?? key}</dt>
                  <dd>
                    <pre>{show(key, value)}</pre>
                  </dd>
                </div>
              ))}
            </dl>
          </details>
        )}
      </div>
    </li>
  );
}
