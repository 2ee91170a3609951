import { useEffect, useRef } from "react";
import type { Theme } from "@planify/common/constants/school";
import { Button } from "../../../components/button";
import {
  DARK_TUNING_MAX,
  DARK_TUNING_MIN,
  DEFAULT_DARK_TUNING,
  setDarkTuning,
  THEME_CYCLE,
  THEME_LABELS,
  useDarkTuning,
  useTheme,
  type DarkTuning,
} from "../../../lib/theme";
import { useSaveTheme } from "../../../lib/theme-sync";
import styles from "../../../components/profile-sections.module.css";

const SHORT: Record<Theme, string> = { light: "Clair", dark: "Sombre", auto: "Auto" };
/** Slider moves apply at once; the account is told once they stop. */
const SAVE_DELAY_MS = 400;

/** The theme (kept on the account) and the dark theme's brightness and contrast. */
export function ThemeSection() {
  const theme = useTheme();
  const tuning = useDarkTuning();
  const saveTheme = useSaveTheme();
  const save = useRef(saveTheme);
  save.current = saveTheme;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Closing the popup right after a move still saves it.
  useEffect(
    () => () => {
      if (timer.current === undefined) return;
      clearTimeout(timer.current);
      save.current({});
    },
    [],
  );

  function tune(patch: Partial<DarkTuning>) {
    // Applied here at once; the account gets what is current once the slider rests.
    setDarkTuning(patch);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      save.current({});
    }, SAVE_DELAY_MS);
  }

  return (
    <section className={styles.section} aria-labelledby="edit-theme-title">
      <h3 id="edit-theme-title" className={styles.sectionTitle}>
        Thème
      </h3>
      <fieldset className={styles.themeChoice}>
        <legend className="visually-hidden">Thème</legend>
        {THEME_CYCLE.map((t) => (
          <Button
            key={t}
            size="small"
            variant={t === theme ? "primary" : "secondary"}
            aria-pressed={t === theme}
            title={THEME_LABELS[t]}
            onClick={() => saveTheme({ theme: t })}
          >
            {SHORT[t]}
          </Button>
        ))}
      </fieldset>
      <p className={styles.hint}>Réglages du thème sombre :</p>
      <label className={styles.slider}>
        <span>Luminosité</span>
        <input
          type="range"
          min={DARK_TUNING_MIN}
          max={DARK_TUNING_MAX}
          step={1}
          value={tuning.brightness}
          onChange={(e) => tune({ brightness: Number(e.target.value) })}
          aria-valuetext={`${tuning.brightness} %`}
        />
        <span className={styles.value} aria-hidden="true">
          {tuning.brightness} %
        </span>
      </label>
      <label className={styles.slider}>
        <span>Contraste</span>
        <input
          type="range"
          min={DARK_TUNING_MIN}
          max={DARK_TUNING_MAX}
          step={1}
          value={tuning.contrast}
          onChange={(e) => tune({ contrast: Number(e.target.value) })}
          aria-valuetext={`${tuning.contrast} %`}
        />
        <span className={styles.value} aria-hidden="true">
          {tuning.contrast} %
        </span>
      </label>
      <Button size="small" variant="ghost" onClick={() => tune(DEFAULT_DARK_TUNING)}>
        Valeurs par défaut
      </Button>
    </section>
  );
}
