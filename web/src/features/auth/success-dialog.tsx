import { Button } from "../../components/button";
import { Dialog } from "../../components/dialog";
import { CheckIcon } from "./icons";
import styles from "./auth.module.css";

interface SuccessDialogProps {
  /** Title and message; null when closed. */
  content: { title: string; message: string } | null;
  onClose: () => void;
}

/** The success modal of the auth popups: a message and an OK button. */
export function SuccessDialog({ content, onClose }: SuccessDialogProps) {
  return (
    <Dialog
      open={content !== null}
      onOpenChange={(o) => !o && onClose()}
      title={content?.title ?? ""}
      width={400}
      hideClose
      className={styles.successDialog}
    >
      {content && (
        <div className={styles.successBody}>
          <span className={styles.successIcon}>
            <CheckIcon size={34} />
          </span>
          <p>{content.message}</p>
          <Button block onClick={onClose} autoFocus>
            OK
          </Button>
        </div>
      )}
    </Dialog>
  );
}
