import { useEffect, useState, type FormEvent } from "react";
import { Button } from "../../components/button";
import { TextAreaField } from "../../components/field";
import { CheckIcon, SendIcon } from "../../components/icons";
import { failureText } from "../../lib/failure-text";
import { UserPicker } from "../../components/admin/user-picker";
import { useSendPopupMutation, useUserSummaries } from "./api/send-popup";
import styles from "../../app/admin-page.module.css";

/** Admin success banners hide after 2 to 2.5 s. */
const BANNER_MS = 2_500;

/** True when the HTML shows nothing: no text and no image. */
function isEmptyHtml(html: string): boolean {
  return !/<img\b/i.test(html) && !html.replace(/<[^>]*>/g, "").replace(/&nbsp;/g, " ").trim();
}

/** "Envoyer un pop-up": an announcement for all users or one user id (the admin pop-up editor). */
export function PopupSender() {
  const [target, setTarget] = useState<"all" | "user">("all");
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const userId = [...picked][0] ?? "";
  const summaries = useUserSummaries(target === "user");
  const [html, setHtml] = useState("");
  const send = useSendPopupMutation();
  const sending = send.isPending;
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => setSent(false), BANNER_MS);
    return () => clearTimeout(timer);
  }, [sent]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSent(false);
    if (isEmptyHtml(html)) return setError("Contenu vide");
    if (target === "user" && !userId.trim()) return setError("ID utilisateur requis");
    setError(null);
    try {
      await send.mutateAsync({ target, html, ...(target === "user" ? { userId: userId.trim() } : {}) });
      setHtml("");
      setSent(true);
    } catch (err) {
      setError(failureText("Erreur lors de l'envoi", err, " : "));
    }
  }

  return (
    <section className={styles.panel} aria-labelledby="popup-sender-title">
      <h2 id="popup-sender-title" className={styles.panelTitle}>Envoyer un pop-up</h2>
      <p className={styles.panelIntro}>Le pop-up s'affiche à la prochaine visite (ou dans les 30 secondes pour les personnes connectées), jusqu'à ce qu'elles le ferment.</p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <fieldset className={styles.targets}>
          <legend>Destinataires</legend>
          {([["all", "Tous les utilisateurs"], ["user", "Un utilisateur"]] as const).map(([value, label]) => (
            <label key={value} className={styles.choice} data-checked={target === value}>
              <input type="radio" name="popup-target" value={value} checked={target === value} onChange={() => setTarget(value)} />
              {label}
            </label>
          ))}
        </fieldset>
        {target === "user" && (
          summaries.isError
            ? <p className={styles.error} role="alert">{failureText("Impossible de charger les utilisateurs.", summaries.error)}</p>
            : <UserPicker legend="Destinataire" users={summaries.data?.users ?? []} selected={picked} onChange={setPicked} />
        )}
        <TextAreaField label="Contenu (HTML)" rows={8} value={html} onChange={(e) => setHtml(e.target.value)} className={styles.code}
          placeholder="<h2>Bonne rentrée !</h2><p>Les devoirs du semestre sont en ligne.</p>"
          hint="Le serveur nettoie le HTML : scripts, attributs d'événements et liens javascript: sont retirés." />
        {error && <p className={styles.error} role="alert">{error}</p>}
        {sent && <p className={styles.success} role="status"><CheckIcon size={18} /> Pop-up envoyé.</p>}
        <div>
          <Button type="submit" disabled={sending}><SendIcon size={18} /> {sending ? "Envoi…" : "Envoyer"}</Button>
        </div>
      </form>
    </section>
  );
}
