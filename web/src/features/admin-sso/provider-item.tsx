import { useState } from "react";
import { SSO_KIND_LABELS, type SsoAdminProvider } from "@planify/common/schemas/sso-admin";
import { Button } from "../../components/button";
import { useNotify } from "../../components/notifications";
import { failureText } from "../../lib/failure-text";
import { useDeleteSsoProvider, useSetSsoEnabled, useTestSsoProvider } from "./api/sso-providers";
import panel from "../../components/admin-panel.module.css";
import styles from "./admin-sso.module.css";

interface Props {
  provider: SsoAdminProvider;
  onEdit: () => void;
  onMessage: (text: string) => void;
}

/** One provider: kind, source, the switch, the address to register (with a copy button), « Tester », edit and delete. */
export function ProviderItem({ provider: p, onEdit, onMessage }: Props) {
  const notify = useNotify();
  const toggle = useSetSsoEnabled();
  const remove = useDeleteSsoProvider();
  const test = useTestSsoProvider();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const fromFile = p.source === "fichier";
  const registerLabel = p.kind === "saml" ? "Métadonnées du fournisseur de service (SP) à déclarer" : "Adresse de retour à déclarer";
  const fail = (sentence: string) => (err: unknown) => setResult({ ok: false, text: failureText(sentence, err, " : ") });

  async function copy() {
    try {
      await navigator.clipboard.writeText(p.registerUrl);
      onMessage("Adresse copiée.");
    } catch {
      setResult({ ok: false, text: "Impossible de copier automatiquement : sélectionne l'adresse." });
    }
  }

  async function confirmDelete() {
    const yes = await notify.confirm({
      title: `Supprimer « ${p.label} » ?`,
      message: "Le bouton disparaît de la fenêtre de connexion. Les comptes gardent leur lien à cette identité ENT.",
      yes: "Supprimer",
      no: "Annuler",
    });
    if (yes) remove.mutate(p.id, { onSuccess: (res) => onMessage(res.message), onError: fail("Suppression impossible") });
  }

  return (
    <li className={styles.provider} data-provider={p.id}>
      <div className={styles.head}>
        <h4>{p.label}</h4>
        <span className={styles.switchLabel}>
          <span aria-hidden="true">{p.enabled ? "Activé" : "Désactivé"}</span>
          <button
            type="button"
            role="switch"
            aria-checked={p.enabled}
            aria-label={`Activer ${p.label}`}
            className={styles.switch}
            disabled={fromFile || toggle.isPending}
            title={fromFile ? "Configuré par le fichier PLANIFY_SSO_CONFIG" : undefined}
            onClick={() =>
              toggle.mutate(
                { id: p.id, enabled: !p.enabled },
                { onSuccess: (res) => onMessage(res.message), onError: fail("Changement impossible") },
              )
            }
          />
        </span>
      </div>
      <div className={styles.meta}>
        <span className={styles.badge}>{SSO_KIND_LABELS[p.kind]}</span>
        <span>Identifiant : {p.id}</span>
        <span>{p.policy === "provision" ? "Crée le compte à la première connexion" : "Comptes existants uniquement"}</span>
        {fromFile ? <span>Configuré par le fichier PLANIFY_SSO_CONFIG</span> : p.updatedBy && <span>Modifié par {p.updatedBy}</span>}
      </div>
      {p.problem && (
        <p className={panel.error} role="alert">
          Ignoré à la connexion : {p.problem}
        </p>
      )}
      <div className={styles.register}>
        <span>{registerLabel} :</span>
        <code>{p.registerUrl}</code>
        <Button variant="ghost" size="small" onClick={copy} aria-label={`Copier l'adresse de ${p.label}`}>
          Copier
        </Button>
      </div>
      <div className={styles.buttons}>
        <Button
          variant="secondary"
          size="small"
          disabled={test.isPending}
          onClick={() => {
            setResult(null);
            test.mutate(p.id, {
              onSuccess: (res) => setResult({ ok: res.reachable, text: res.message }),
              onError: fail("Test impossible"),
            });
          }}
        >
          {test.isPending ? "Test en cours…" : "Tester la connexion"}
        </Button>
        {!fromFile && (
          <>
            <Button variant="ghost" size="small" onClick={onEdit}>
              Modifier
            </Button>
            <Button variant="danger" size="small" disabled={remove.isPending} onClick={confirmDelete}>
              Supprimer
            </Button>
          </>
        )}
      </div>
      {result && (
        <p className={result.ok ? panel.success : panel.error} role={result.ok ? "status" : "alert"}>
          {result.text}
        </p>
      )}
    </li>
  );
}
