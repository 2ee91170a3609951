import type { ButtonHTMLAttributes } from "react";
import styles from "./button.module.css";

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: "primary" | "secondary" | "ghost" | "danger";
  size?: "normal" | "small";
  block?: boolean;
}

/** The app's button; `type` defaults to "button" so it never submits a form by accident. */
export function Button({ variant = "primary", size = "normal", block, className, type = "button", ...rest }: ButtonProps) {
  const cls = [styles.button, styles[variant], size === "small" && styles.small, block && styles.block, className]
    .filter(Boolean)
    .join(" ");
  return <button type={type} className={cls} {...rest} />;
}
