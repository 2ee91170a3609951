import { useEffect, useState, type FormEvent } from "react";
import { Button } from "../../components/button";
import { AnnouncementContent } from "../../components/announcement-content";
import { Dialog } from "../../components/dialog";
import { DescriptionField } from "../../components/rich-text/description-field";
import { ADMIN_EDITOR } from "../../components/rich-text/editor-constants";
import { isEmptyHtml } from "../../components/rich-text/html-text";
import { CheckIcon } from "../../components/icons";
import { SendIcon } from "../../components/page-icons";
import { failureText } from "../../lib/failure-text";
import { UserPicker } from "../../components/admin/user-picker";
import { useSendPopupMutation, useUserSummaries } from "./api/send-popup";
import styles from "../../components/admin-panel.module.css";

/** Admin success banners hide after 2 to 2.5 s. */
const BANNER_MS = 2_500;
const EMPTY = "Contenu vide";
const NO_USER = "ID utilisateur requis";

/** "Pop-up": an announcement for all users or one user picked from the list, written with the rich-text editor, with a preview. */
export function PopupSender() {
  const [target, setTarget] = useState<"all" | "user">("all");
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const userId = [...picked][0] ?? "";
  const summaries = useUserSummaries(target === "user");
  const [html, setHtml] = useState("");
  // Remounts the editor after a send so it starts empty.
  const [editorKey, setEditorKey] = useState(0);
  const [previewing, setPreviewing] = useState(false);
  const send = useSendPopupMutation();
  const sending = send.isPending;
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => setSent(false), BANNER_MS);
    return () => clearTimeout(timer);
  }, [sent]);

  // A « required » message goes as soon as what it asked for is there.
  function write(next: string) {
    setHtml(next);
    if (!isEmptyHtml(next)) setError((e) => (e === EMPTY ? null : e));
  }
  function pick(next: Set<string>) {
    setPicked(next);
    if (next.size > 0) setError((e) => (e === NO_USER ? null : e));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSent(false);
    if (isEmptyHtml(html)) return setError(EMPTY);
    if (target === "user" && !userId.trim()) return setError(NO_USER);
    setError(null);
    try {
      await send.mutateAsync({ target, html, ...(target === "user" ? { userId: userId.trim() } : {}) });
      setHtml("");
      setEditorKey((k) => k + 1);
      setSent(true);
    } catch (err) {
      setError(failureText("Erreur lors de l'envoi", err, " : "));
    }
  }

  return (
    <section className={styles.panel} aria-labelledby="popup-sender-title">
      <h2 id="popup-sender-title" className={styles.panelTitle}>
        Envoyer un pop-up
      </h2>
      <p className={styles.panelIntro}>
        Le pop-up s'affiche à la prochaine visite (ou dans les 30 secondes pour les personnes connectées), jusqu'à ce qu'elles le ferment.
      </p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <fieldset className={styles.choices}>
          <legend>Destinataires</legend>
          {(
            [
              ["all", "Tous les utilisateurs"],
              ["user", "Un utilisateur"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className={styles.choice} data-checked={target === value}>
              <input type="radio" name="popup-target" value={value} checked={target === value} onChange={() => setTarget(value)} />
              {label}
            </label>
          ))}
        </fieldset>
        {target === "user" &&
          (summaries.isError ? (
            <p className={styles.error} role="alert">
              {failureText("Impossible de charger les utilisateurs.", summaries.error)}
            </p>
          ) : (
            <UserPicker legend="Destinataire" users={summaries.data?.users ?? []} selected={picked} onChange={pick} />
          ))}
        <DescriptionField
          key={editorKey}
          label="Contenu du pop-up"
          value={html}
          rich
          limits={ADMIN_EDITOR}
          onChange={write}
          onError={setError}
        />
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        {sent && (
          <p className={styles.success} role="status">
            <CheckIcon size={18} /> Pop-up envoyé.
          </p>
        )}
        <div>
          <Button type="submit" disabled={sending}>
            <SendIcon size={18} /> {sending ? "Envoi…" : "Envoyer"}
          </Button>{" "}
          <Button variant="secondary" onClick={() => (isEmptyHtml(html) ? setError(EMPTY) : setPreviewing(true))}>
            Aperçu
          </Button>
        </div>
        <Dialog
          open={previewing}
          onOpenChange={setPreviewing}
          title="Annonce"
          width={560}
          description="Aperçu : ce que verront les destinataires."
        >
          <AnnouncementContent html={html} />
          <Button block onClick={() => setPreviewing(false)}>
            Fermer l'aperçu
          </Button>
        </Dialog>
      </form>
    </section>
  );
}
