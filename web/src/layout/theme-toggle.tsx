import { AutoThemeIcon, MoonIcon, SunIcon } from "../components/icons";
import { nextTheme, THEME_LABELS, useTheme } from "../lib/theme";
import { useSaveTheme } from "../lib/theme-sync";
import styles from "./top-bar.module.css";

const ICONS = { light: SunIcon, dark: MoonIcon, auto: AutoThemeIcon };

/** Cycles light → dark → auto (kept here and on the account); its name says the current theme and the next one. */
export function ThemeToggle() {
  const theme = useTheme();
  const saveTheme = useSaveTheme();
  const next = nextTheme(theme);
  const Icon = ICONS[theme];
  return (
    <button
      type="button"
      className={styles.iconButton}
      onClick={() => saveTheme({ theme: next })}
      data-theme-choice={theme}
      aria-label={`${THEME_LABELS[theme]} (passer au ${THEME_LABELS[next].toLowerCase()})`}
      title={THEME_LABELS[theme]}
    >
      <Icon size={20} />
    </button>
  );
}
