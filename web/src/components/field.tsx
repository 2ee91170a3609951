import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import styles from "./field.module.css";

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: ReactNode;
}

function FieldFrame({ id, label, hint, required, className, children }: FieldFrameProps) {
  return (
    <div className={[styles.field, className].filter(Boolean).join(" ")}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}

interface Common {
  label: ReactNode;
  hint?: ReactNode;
  /** Class of the wrapper (the label, the control and the hint). */
  fieldClassName?: string;
}

export type TextFieldProps = Common & InputHTMLAttributes<HTMLInputElement>;

/** A labelled text input (any `type`: text, email, tel...). */
export function TextField({ label, hint, fieldClassName, id, className, ...input }: TextFieldProps) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <FieldFrame id={fid} label={label} hint={hint} required={input.required} className={fieldClassName}>
      <input
        id={fid}
        aria-describedby={hint ? `${fid}-hint` : undefined}
        className={[styles.control, className].filter(Boolean).join(" ")}
        {...input}
      />
    </FieldFrame>
  );
}

export type TextAreaFieldProps = Common & TextareaHTMLAttributes<HTMLTextAreaElement>;

/** A labelled multi-line text box. */
export function TextAreaField({ label, hint, fieldClassName, id, className, ...area }: TextAreaFieldProps) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <FieldFrame id={fid} label={label} hint={hint} required={area.required} className={fieldClassName}>
      <textarea
        id={fid}
        aria-describedby={hint ? `${fid}-hint` : undefined}
        className={[styles.control, className].filter(Boolean).join(" ")}
        {...area}
      />
    </FieldFrame>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export type SelectFieldProps = Common &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: readonly SelectOption[];
    /** First, empty choice (e.g. "Choisir…"); with `required` it forces a real choice. */
    placeholder?: string;
  };

/** A labelled native select. */
export function SelectField({ label, hint, fieldClassName, id, className, options, placeholder, ...select }: SelectFieldProps) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <FieldFrame id={fid} label={label} hint={hint} required={select.required} className={fieldClassName}>
      <select
        id={fid}
        aria-describedby={hint ? `${fid}-hint` : undefined}
        className={[styles.control, className].filter(Boolean).join(" ")}
        {...select}
      >
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
