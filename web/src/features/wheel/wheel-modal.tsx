import { useEffect, useMemo, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { wheelSegments, type WheelSegment } from "@planify/common/constants/wheel";
import type { SpinResponse } from "@planify/common/schemas/economy";
import { Dialog } from "../../components/dialog";
import { Button } from "../../components/button";
import { playSound } from "../../lib/sounds";
import { useSession } from "../../lib/use-session";
import { COINS_KEYS, setBalance, useSpinStatus } from "../../lib/economy/coins-api";
import { refreshBoards } from "../../lib/social/social-api";
import { formatHoursMinutes, msUntil } from "../../lib/time-format";
import { useNow } from "../../lib/use-now";
import { Shields } from "./shields";
import { useForceLoss, useSpin, type WheelKind } from "./wheel-api";
import { drawWheel } from "./wheel-draw";
import { easeOutCubic, finalRotation, SPIN_DURATION_MS, SPIN_TURNS, WHEEL_SIZE } from "./wheel-math";
import { isAlreadySpun, isLoss, resultMessage, spinErrorText } from "./wheel-messages";
import styles from "./wheel.module.css";

type Result = { text: string; tone: "win" | "lose" | "info" | "error" } | null;

const reducedMotion = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;

/** The fortune wheel: one spin a day, the result always the segment the server drew. */
export default function WheelModal({ onClose }: { onClose: () => void }) {
  const client = useQueryClient();
  const user = useSession()?.user;
  const isAdmin = !!user && (user.isAdmin || user.role === "admin");
  const status = useSpinStatus();
  const spin = useSpin();
  const forceLoss = useForceLoss();
  const [kind, setKind] = useState<WheelKind>("basic");
  const [locked, setLocked] = useState<WheelSegment[] | null>(null);
  const [spinning, setSpinning] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const rotation = useRef(0);
  const frame = useRef(0);
  const now = useNow(60_000);

  const boosted = !!status?.isWeekend || (isAdmin && kind === "x2");
  const shown = useMemo(
    () =>
      locked ?? wheelSegments({ boosted, galaxieAvailable: status?.galaxieAvailable ?? true, protectionReady: !!status?.protectionReady }),
    [locked, boosted, status?.galaxieAvailable, status?.protectionReady],
  );

  useEffect(() => {
    if (canvas.current) drawWheel(canvas.current, shown, rotation.current, WHEEL_SIZE);
  }, [shown]);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  function finish(res: SpinResponse) {
    setSpinning(false);
    setResult({ text: resultMessage(res), tone: isLoss(res.rewardName) ? "lose" : "win" });
    playSound(isLoss(res.rewardName) ? "lose" : "win");
    setBalance(client, res.newCoins);
    void client.invalidateQueries({ queryKey: COINS_KEYS.spinStatus });
    void client.invalidateQueries({ queryKey: COINS_KEYS.balance });
    void client.invalidateQueries({ queryKey: COINS_KEYS.inventory });
    // A win also raises the leaderboard and the faction total.
    void refreshBoards(client);
  }

  function animateTo(res: SpinResponse) {
    // The wheel the server drew from: same table, Galaxie if it was drawn, no Perdu if protected.
    const segs = wheelSegments({
      boosted: res.isWeekend || (isAdmin && kind === "x2"),
      galaxieAvailable: (status?.galaxieAvailable ?? true) || res.segmentKey === "galaxie",
      protectionReady: res.protectionUsed,
    });
    const index = segs.findIndex((s) => s.key === res.segmentKey);
    setLocked(segs);
    if (index < 0) return finish(res);
    const from = rotation.current;
    const to = finalRotation(from, index, segs.length, SPIN_TURNS, 0.2 + Math.random() * 0.6);
    if (reducedMotion()) {
      rotation.current = to;
      if (canvas.current) drawWheel(canvas.current, segs, to, WHEEL_SIZE);
      return finish(res);
    }
    const start = performance.now();
    const step = (t: number) => {
      const p = Math.min(1, (t - start) / SPIN_DURATION_MS);
      rotation.current = from + (to - from) * easeOutCubic(p);
      if (canvas.current) drawWheel(canvas.current, segs, rotation.current, WHEEL_SIZE);
      if (p < 1) frame.current = requestAnimationFrame(step);
      else finish(res);
    };
    frame.current = requestAnimationFrame(step);
  }

  function onSpin(force = false) {
    setResult(null);
    setSpinning(true);
    spin.mutate(
      { wheel: isAdmin ? kind : undefined, force: force || undefined },
      {
        onSuccess: animateTo,
        onError: (err) => {
          setSpinning(false);
          const msg = spinErrorText(err);
          if (isAlreadySpun(err)) {
            void client.invalidateQueries({ queryKey: COINS_KEYS.spinStatus });
            setResult({ text: `Prochain spin : ${formatHoursMinutes(msUntil(status?.nextReset))}`, tone: "info" });
          } else setResult({ text: msg, tone: "error" });
        },
      },
    );
  }

  const used = status ? !status.canSpin : false;
  return (
    <Dialog open onOpenChange={(o) => !o && !spinning && onClose()} title="Roue de la Fortune" width={440} className={styles.dialog}>
      {status?.isWeekend && <p className={styles.weekend}>Week-end : gains x1,5 !</p>}
      <div className={styles.stage}>
        <span className={styles.pointer} aria-hidden="true" />
        <canvas
          ref={canvas}
          className={styles.canvas}
          width={WHEEL_SIZE}
          height={WHEEL_SIZE}
          style={{ width: WHEEL_SIZE }}
          role="img"
          aria-label={`Roue : ${shown.map((s) => s.label).join(", ")}`}
          data-testid="wheel-canvas"
        />
      </div>
      <Shields lossStreak={status?.lossStreak ?? 0} protectionReady={!!status?.protectionReady} />
      <Button block className={styles.spin} onClick={() => onSpin()} disabled={spinning || !status?.canSpin}>
        {spinning ? "La roue tourne…" : "TOURNER LA ROUE"}
      </Button>
      <div className={styles.result} aria-live="polite">
        {result && (
          <p className={styles[result.tone]} data-testid="wheel-result">
            {result.text}
          </p>
        )}
        {used && !spinning && result?.tone !== "info" && (
          <p className={styles.next} data-testid="wheel-countdown">
            Prochain spin : {formatHoursMinutes(msUntil(status?.nextReset, now))}
          </p>
        )}
      </div>
      {isAdmin && (
        <fieldset className={styles.admin} disabled={spinning}>
          <legend>Tests admin</legend>
          <div className={styles.segmented} role="radiogroup" aria-label="Roue">
            {(["basic", "x2"] as const).map((k) => (
              // biome-ignore lint/a11y/useSemanticElements: a segmented switch of two buttons; role=radio with aria-checked is the ARIA pattern.
              <button
                key={k}
                type="button"
                role="radio"
                aria-checked={kind === k}
                onClick={() => {
                  setKind(k);
                  setLocked(null);
                }}
              >
                {k === "basic" ? "Roue normale" : "Roue x2"}
              </button>
            ))}
          </div>
          <div className={styles.adminActions}>
            <Button
              size="small"
              variant="secondary"
              onClick={() => forceLoss.mutate(undefined, { onSuccess: () => setLocked(null) })}
              disabled={forceLoss.isPending}
            >
              Forcer une perte
            </Button>
            {used && (
              <Button size="small" variant="secondary" onClick={() => onSpin(true)}>
                Spin de test
              </Button>
            )}
          </div>
        </fieldset>
      )}
    </Dialog>
  );
}
