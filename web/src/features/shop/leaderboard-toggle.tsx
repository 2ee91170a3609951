import { useId } from "react";
import { SOCIAL_MESSAGES } from "@planify/common/constants/social";
import { useNotify } from "../../components/notifications";
import { useLeaderboardToggle } from "../../lib/social/social-mutations";
import styles from "./shop.module.css";

/**
 * A professor's 'Participer au classement' switch (professors are opt-in). The server answers
 * first; `onChange` then receives the new state (the overlay opens or hides the tab).
 */
export function LeaderboardToggle({ enabled, onChange }: { enabled: boolean; onChange: (enabled: boolean) => void }) {
  const id = useId();
  const notify = useNotify();
  const toggle = useLeaderboardToggle();
  function flip() {
    toggle.mutate(!enabled, {
      onSuccess: (r) => onChange(r.leaderboardEnabled),
      onError: () => notify.toast(SOCIAL_MESSAGES.leaderboardToggleFailed, "error"),
    });
  }
  return (
    <span className={styles.profToggle}>
      <span id={id}>Participer au classement</span>
      <button
        type="button"
        role="switch"
        aria-checked={enabled}
        aria-labelledby={id}
        className={styles.switch}
        disabled={toggle.isPending}
        onClick={flip}
        data-testid="leaderboard-toggle"
      />
    </span>
  );
}
