import { useId, useState, type InputHTMLAttributes } from "react";
import { AlertIcon, EyeIcon, EyeOffIcon } from "./icons";
import styles from "./auth.module.css";

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "onChange" | "value"> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
}

/** A labelled text input of the auth popups. */
export function TextField({ label, value, onChange, invalid, ...rest }: FieldProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        value={value}
        aria-invalid={invalid || undefined}
        onChange={(e) => onChange(e.target.value)}
        {...rest}
      />
    </div>
  );
}

/** A labelled password input with a show/hide toggle. */
export function PasswordField({ label, value, onChange, invalid, ...rest }: FieldProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.passwordWrap}>
        <input
          id={id}
          className={styles.input}
          type={shown ? "text" : "password"}
          value={value}
          aria-invalid={invalid || undefined}
          onChange={(e) => onChange(e.target.value)}
          {...rest}
        />
        <button
          type="button"
          className={styles.reveal}
          onClick={() => setShown((s) => !s)}
          aria-label={shown ? "Masquer le mot de passe" : "Afficher le mot de passe"}
          aria-pressed={shown}
        >
          {shown ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
    </div>
  );
}

/** The error line of a form, announced to screen readers. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className={styles.alert} role="alert">
      <AlertIcon />
      <span>{message}</span>
    </div>
  );
}
