import { AutoThemeIcon, MoonIcon, SunIcon } from "../components/icons";
import { nextTheme, setTheme, THEME_LABELS, useTheme } from "./theme";
import styles from "./top-bar.module.css";

const ICONS = { light: SunIcon, dark: MoonIcon, auto: AutoThemeIcon };

/** Cycles light → dark → auto; its name says the current theme and the next one. */
export function ThemeToggle() {
  const theme = useTheme();
  const next = nextTheme(theme);
  const Icon = ICONS[theme];
  return (
    <button type="button" className={styles.iconButton} onClick={() => setTheme(next)} data-theme-choice={theme}
      aria-label={`${THEME_LABELS[theme]} (passer au ${THEME_LABELS[next].toLowerCase()})`} title={THEME_LABELS[theme]}>
      <Icon size={20} />
    </button>
  );
}
