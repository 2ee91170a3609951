import * as RadixDialog from "@radix-ui/react-dialog";
import { useLayoutEffect, useRef, type CSSProperties, type ReactNode } from "react";
import styles from "./dialog.module.css";

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Optional text under the title, read by screen readers as the description. */
  description?: ReactNode;
  children?: ReactNode;
  /** Max width in px (default 440). */
  width?: number;
  /** Hide the close (×) button. */
  hideClose?: boolean;
  className?: string;
}

/**
 * Accessible modal (Radix): focus trap, Escape, close on overlay click and on the × button.
 * Focus goes back to whatever opened it.
 */
export function Dialog({ open, onOpenChange, title, description, children, width, hideClose, className }: DialogProps) {
  // Radix gives focus back to a <Dialog.Trigger>; our dialogs are opened from state (a card's
  // button, a menu item, another dialog), so remember the focused element when opening.
  // A layout effect runs before Radix moves focus into the dialog.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open]);

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            if (opener.current?.isConnected) opener.current.focus();
            opener.current = null;
          }}
          className={[styles.content, className].filter(Boolean).join(" ")}
          style={width ? ({ "--dialog-width": `${width}px` } as CSSProperties) : undefined}
        >
          <div className={styles.header}>
            <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
            {!hideClose && (
              <RadixDialog.Close className={styles.close} aria-label="Fermer">
                ×
              </RadixDialog.Close>
            )}
          </div>
          {description ? (
            <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="visually-hidden">{typeof title === "string" ? title : ""}</RadixDialog.Description>
          )}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
