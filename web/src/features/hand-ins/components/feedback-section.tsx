import { lazy, Suspense, useEffect, useState } from "react";
import type { FeedbackDraftDto } from "@planify/common/schemas/hand-ins";
import { Button } from "../../../components/button";
import { TextField } from "../../../components/field";
import type { EditorLimits } from "../../../components/rich-text/editor-constants";
import { useStudentMutations } from "../api/use-hand-ins";
import { checkMark, markText } from "../model/mark-input";
import { ActionLine, useAction } from "./action";
import { FeedbackBadge } from "./badges";
import styles from "./student-panel.module.css";

// The tiptap editor itself (its own chunk, as the task form loads it), without the task form's
// plain-text wrapper: sharing that wrapper would split it into one more chunk the first page names.
const RichTextEditor = lazy(() => import("../../../components/rich-text/rich-text-editor"));

/** A comment on a copy: a few text sizes, no image (the server keeps none in a comment). */
const FEEDBACK_EDITOR: EditorLimits = {
  fontSizes: [14, 16, 18, 20, 24],
  images: false,
  imageMaxBytes: 0,
  imageTooBig: "",
  imageMaxWidth: 0,
  imageSliderMax: 0,
  imageNote: "",
};

interface Props {
  taskId: string;
  userId: string;
  feedback: FeedbackDraftDto;
  scale: number;
  handedIn: boolean;
}

/** The correction's draft: the rich comment and the mark, saved as a draft the student cannot see. */
export function FeedbackSection({ taskId, userId, feedback, scale, handedIn }: Props) {
  const m = useStudentMutations(taskId, userId);
  const action = useAction();
  const [comment, setComment] = useState(feedback.comment);
  const [mark, setMark] = useState(markText(feedback.mark));
  // The editor remounts per student (key): only a saved draft from elsewhere moves the fields.
  useEffect(() => setMark(markText(feedback.mark)), [feedback.mark]);
  const check = checkMark(mark, scale);

  const save = () => {
    if (!check.ok) return;
    void action.run(() => m.feedback.mutateAsync({ comment, mark: check.value }), "Impossible d'enregistrer le brouillon.");
  };
  return (
    <section className={styles.section} aria-labelledby="hand-in-feedback">
      <div className={styles.sectionHead}>
        <h3 id="hand-in-feedback" className={styles.sectionTitle}>
          Correction
        </h3>
        <FeedbackBadge state={feedback.state} handedIn={handedIn || feedback.state !== "aucun"} />
      </div>
      <Suspense fallback={<div className={styles.editorLoading}>Chargement de l'éditeur…</div>}>
        <RichTextEditor
          value={comment}
          onChange={setComment}
          label="Commentaire"
          limits={FEEDBACK_EDITOR}
          onError={(text) => action.run(() => Promise.reject(new Error(text)), text)}
        />
      </Suspense>
      <div className={styles.inline}>
        <TextField
          label={`Note (sur ${scale})`}
          inputMode="decimal"
          value={mark}
          placeholder="ex. 12,5"
          onChange={(e) => setMark(e.target.value)}
          aria-invalid={!check.ok}
          hint={check.ok ? "Vide : sans note." : check.message}
          fieldClassName={styles.markField}
        />
        <Button disabled={!check.ok || m.feedback.isPending} onClick={save}>
          Enregistrer le brouillon
        </Button>
      </div>
      {feedback.publishedAt && (
        <p className={styles.muted}>Copie rendue à l'étudiant ; une modification reste un brouillon jusqu'à « Rendre les copies ».</p>
      )}
      <ActionLine message={action.message} />
    </section>
  );
}
