import { useEffect, useState } from "react";
import { isReminderRole, reminderPrefsProblem, type ReminderLeads, type ReminderPrefs } from "@planify/common/constants/reminders";
import { Button } from "../../../components/button";
import { errorText } from "../../../lib/api";
import { getDesktopBridge } from "../../../lib/desktop-bridge";
import { currentSubscription, pushState, PushSetupError, subscribePush } from "../../../lib/push";
import { rememberDevice, thisDevice } from "../../../lib/reminder-device";
import { useSession } from "../../../lib/use-session";
import {
  fetchVapidKey,
  useAddDevice,
  useReminderSettings,
  useRemoveDevice,
  useSaveReminderSettings,
  useSendTest,
} from "../api/reminders-api";
import styles from "../../../components/profile-sections.module.css";
import n from "./notifications.module.css";
import { ReminderEmail } from "./reminder-email";
import { ReminderPauseControls } from "./reminder-pause";

type Status = { ok: boolean; text: string } | null;
const KINDS = [
  ["devoir", "Devoirs"],
  ["exam", "Examens"],
] as const;

/**
 * Reminders before homework and exams: lead times per type, quiet hours, the daily digest,
 * an e-mail address (confirmed by a link) when the school sends e-mail, and this device (browser push or the
 * desktop app's notifications) with a test message.
 */
export function NotificationsSection() {
  const user = useSession()?.user;
  const student = user !== undefined && isReminderRole(user.role);
  const query = useReminderSettings(student);
  const save = useSaveReminderSettings();
  const [draft, setDraft] = useState<ReminderPrefs | null>(null);
  const [hours, setHours] = useState({ devoir: "", exam: "" });
  const [status, setStatus] = useState<Status>(null);

  useEffect(() => {
    const s = query.data?.settings;
    if (s && draft === null) {
      setDraft(s);
      setHours({ devoir: String(s.devoir.hoursBefore), exam: String(s.exam.hoursBefore) });
    }
  }, [query.data, draft]);

  if (!student) return null;
  const loadError = query.isError ? errorText(query.error, "Impossible de lire vos préférences de rappel.") : null;

  function setLeads(kind: "devoir" | "exam", patch: Partial<ReminderLeads>) {
    setDraft((d) => (d ? { ...d, [kind]: { ...d[kind], ...patch } } : d));
    setStatus(null);
  }
  const set = (patch: Partial<ReminderPrefs>) => {
    setDraft((d) => (d ? { ...d, ...patch } : d));
    setStatus(null);
  };

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!draft) return;
    const parsed = { devoir: Number(hours.devoir.trim() || "0"), exam: Number(hours.exam.trim() || "0") };
    const prefs: ReminderPrefs = {
      ...draft,
      devoir: { ...draft.devoir, hoursBefore: parsed.devoir },
      exam: { ...draft.exam, hoursBefore: parsed.exam },
      email: draft.email?.trim() ? draft.email.trim() : null,
    };
    const problem = reminderPrefsProblem(prefs);
    if (problem) return setStatus({ ok: false, text: problem });
    save.mutate(prefs, {
      onSuccess: (res) => setStatus({ ok: true, text: res.message ?? "Enregistré." }),
      onError: (error) => setStatus({ ok: false, text: errorText(error, "Impossible d'enregistrer vos préférences.") }),
    });
  }

  return (
    <section className={styles.section} aria-labelledby="edit-notifications-title">
      <h3 id="edit-notifications-title" className={styles.sectionTitle}>
        Notifications
      </h3>
      <p className={styles.hint}>
        Un rappel avant vos devoirs et examens, à l'heure de Paris. Rien n'est envoyé pendant les heures de silence : un rappel prévu à ce
        moment part quand elles se terminent. Une tâche cochée, archivée ou masquée n'en reçoit aucun.
      </p>
      {loadError && (
        <p className={styles.error} role="alert">
          {loadError}
        </p>
      )}
      {!draft && !loadError && <p className={styles.hint}>Chargement…</p>}
      {draft && (
        <form className={n.form} onSubmit={submit} noValidate aria-describedby="edit-notifications-status">
          <label className={styles.check}>
            <input type="checkbox" checked={draft.enabled} onChange={(e) => set({ enabled: e.target.checked })} />
            Recevoir des rappels
          </label>
          <div className={n.grid}>
            {KINDS.map(([kind, label]) => (
              <fieldset key={kind} className={n.group} disabled={!draft.enabled}>
                <legend>{label}</legend>
                <div className={n.line}>
                  <label>
                    <input
                      type="checkbox"
                      checked={draft[kind].eveningBefore}
                      onChange={(e) => setLeads(kind, { eveningBefore: e.target.checked })}
                    />
                    La veille à
                  </label>
                  <TimeInput
                    aria-label={`${label} : heure du rappel de la veille`}
                    value={draft[kind].eveningTime}
                    disabled={!draft[kind].eveningBefore}
                    onChange={(e) => setLeads(kind, { eveningTime: e.target.value })}
                  />
                </div>
                <div className={n.line}>
                  <span aria-hidden="true">Aussi</span>
                  <input
                    className={n.hours}
                    inputMode="numeric"
                    maxLength={3}
                    aria-label={`${label} : heures avant l'échéance (0 : non)`}
                    value={hours[kind]}
                    onChange={(e) => {
                      setHours((h) => ({ ...h, [kind]: e.target.value }));
                      setStatus(null);
                    }}
                  />
                  <span aria-hidden="true">h avant</span>
                </div>
              </fieldset>
            ))}
          </div>
          <p className={styles.hint}>« Aussi 0 h avant » : pas de second rappel. Heures au format 24 h (18:00).</p>
          <fieldset className={n.group} disabled={!draft.enabled}>
            <legend>Heures de silence</legend>
            <div className={n.line}>
              <span aria-hidden="true">De</span>
              <TimeInput
                aria-label="Début des heures de silence"
                value={draft.quietStart}
                onChange={(e) => set({ quietStart: e.target.value })}
              />
              <span aria-hidden="true">à</span>
              <TimeInput
                aria-label="Fin des heures de silence"
                value={draft.quietEnd}
                onChange={(e) => set({ quietEnd: e.target.value })}
              />
            </div>
          </fieldset>
          <div className={n.line}>
            <label>
              <input type="checkbox" checked={draft.digest} disabled={!draft.enabled} onChange={(e) => set({ digest: e.target.checked })} />
              Un seul résumé par jour, au lieu d'un rappel par tâche, à
            </label>
            <TimeInput
              aria-label="Heure du résumé quotidien"
              value={draft.digestTime}
              disabled={!draft.enabled || !draft.digest}
              onChange={(e) => set({ digestTime: e.target.value })}
            />
          </div>
          <ReminderEmail
            value={draft.email ?? ""}
            onChange={(email) => set({ email })}
            saved={query.data?.settings.email ?? null}
            confirmed={query.data?.emailConfirmed === true}
            available={query.data?.emailAvailable === true}
          />
          <div className={styles.row}>
            <Button type="submit" size="small" disabled={save.isPending}>
              {save.isPending ? "Enregistrement…" : "Enregistrer"}
            </Button>
          </div>
          <p
            id="edit-notifications-status"
            className={status ? (status.ok ? styles.ok : styles.error) : styles.hint}
            role={status ? (status.ok ? "status" : "alert") : undefined}
          >
            {status?.text ?? ""}
          </p>
        </form>
      )}
      {query.data?.pause && <ReminderPauseControls pause={query.data.pause} />}
      {user && <ThisDevice userId={user.id} devices={query.data?.devices ?? []} />}
    </section>
  );
}

/** "HH:MM" typed as text: the same 24-hour display everywhere, and our own French messages for mistakes. */
function TimeInput(props: React.InputHTMLAttributes<HTMLInputElement>) {
  return <input {...props} type="text" inputMode="numeric" maxLength={5} placeholder="18:00" autoComplete="off" className={n.time} />;
}

/** This browser or desktop window: enabled or not, the switch, and 'Envoyer un essai'. */
function ThisDevice({ userId, devices }: { userId: string; devices: { id: string }[] }) {
  const desktop = getDesktopBridge() !== null;
  const add = useAddDevice();
  const remove = useRemoveDevice();
  const test = useSendTest();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const [state, setState] = useState(() => (desktop ? "granted" : pushState()));
  const mine = thisDevice(userId);
  const enabled = mine !== null && devices.some((d) => d.id === mine);
  const unsupported = !desktop && state === "unsupported";

  async function enable() {
    setBusy(true);
    setStatus(null);
    try {
      const body = desktop
        ? ({ kind: "desktop", label: "Planify Desktop" } as const)
        : await subscribePush(await fetchVapidKey()).then((s) => ({
            kind: "push" as const,
            label: navigator.userAgent.includes("Mobile") ? "Téléphone" : "Navigateur",
            subscription: {
              endpoint: s.endpoint ?? "",
              expirationTime: s.expirationTime ?? null,
              keys: { p256dh: s.keys?.p256dh ?? "", auth: s.keys?.auth ?? "" },
            },
          }));
      const res = await add.mutateAsync(body);
      rememberDevice(userId, res.device.id);
      setStatus({ ok: true, text: res.message });
    } catch (error) {
      setStatus({
        ok: false,
        text: error instanceof PushSetupError ? error.message : errorText(error, "Impossible d'activer les rappels sur cet appareil."),
      });
    } finally {
      if (!desktop) setState(pushState());
      setBusy(false);
    }
  }

  async function disable() {
    if (!mine) return;
    setBusy(true);
    try {
      const res = await remove.mutateAsync(mine);
      if (!desktop) await (await currentSubscription())?.unsubscribe();
      rememberDevice(userId, null);
      setStatus({ ok: true, text: res.message });
    } catch (error) {
      setStatus({ ok: false, text: errorText(error, "Impossible de désactiver les rappels sur cet appareil.") });
    } finally {
      setBusy(false);
    }
  }

  const label = unsupported
    ? "Ce navigateur ne permet pas les notifications."
    : enabled
      ? "Activé sur cet appareil"
      : state === "denied"
        ? "Notifications bloquées pour ce site : autorisez-les dans les réglages du navigateur."
        : "Pas encore activé sur cet appareil";
  const others = devices.filter((d) => d.id !== mine).length;

  return (
    <div className={n.device}>
      <p className={n.state}>
        <span className={`${n.dot} ${enabled ? n.on : ""}`} aria-hidden="true" />
        {label}
      </p>
      {others > 0 && (
        <p className={styles.hint}>
          {others === 1 ? "Aussi activé sur 1 autre appareil." : `Aussi activé sur ${others} autres appareils.`}
        </p>
      )}
      <div className={styles.row}>
        {enabled ? (
          <Button size="small" variant="secondary" disabled={busy} onClick={disable}>
            Désactiver sur cet appareil
          </Button>
        ) : (
          <Button size="small" disabled={busy || unsupported} onClick={enable}>
            {busy ? "Activation…" : "Activer sur cet appareil"}
          </Button>
        )}
        <Button
          size="small"
          variant="ghost"
          disabled={test.isPending || devices.length === 0}
          onClick={() =>
            test.mutate(undefined, {
              onSuccess: (res) => setStatus({ ok: true, text: res.message }),
              onError: (error) => setStatus({ ok: false, text: errorText(error, "Impossible d'envoyer l'essai.") }),
            })
          }
        >
          {test.isPending ? "Envoi…" : "Envoyer un essai"}
        </Button>
      </div>
      <p
        className={status ? (status.ok ? styles.ok : styles.error) : styles.hint}
        role={status ? (status.ok ? "status" : "alert") : undefined}
      >
        {status?.text ?? ""}
      </p>
    </div>
  );
}
