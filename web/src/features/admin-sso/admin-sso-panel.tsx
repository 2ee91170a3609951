import { useState } from "react";
import { Button } from "../../components/button";
import { CheckIcon } from "../../components/icons";
import { QueryState } from "../../components/query-state";
import { useFlash } from "../../lib/use-flash";
import { useSsoProviders } from "./api/sso-providers";
import { emptyForm, formOf, type ProviderForm } from "./model";
import { ProviderFormPanel } from "./provider-form";
import { ProviderItem } from "./provider-item";
import panel from "../../components/admin-panel.module.css";

type Editing = { initial: ProviderForm; stored: { id: string; enabled: boolean; hasSecret: boolean } | null } | null;

/**
 * « Connexion ENT »: the school's CAS, OpenID Connect and SAML providers. Those of the
 * PLANIFY_SSO_CONFIG file are shown read-only; the others are stored by the server.
 */
export function AdminSsoPanel() {
  const list = useSsoProviders();
  const [editing, setEditing] = useState<Editing>(null);
  const [flash, showFlash] = useFlash();

  return (
    <section className={panel.panel} aria-labelledby="admin-sso-title">
      <h2 id="admin-sso-title" className={panel.panelTitle}>
        Connexion ENT
      </h2>
      <p className={panel.panelIntro}>
        Les élèves et les professeurs se connectent avec l'ENT de l'établissement (CAS, OpenID Connect ou SAML 2.0). Déclare chez le
        fournisseur l'adresse indiquée sous chacun, puis teste la connexion.
      </p>
      {flash && (
        <p className={panel.success} role="status">
          <CheckIcon size={18} /> {flash}
        </p>
      )}
      {editing ? (
        <ProviderFormPanel
          key={editing.stored?.id ?? "new"}
          initial={editing.initial}
          editing={editing.stored}
          onCancel={() => setEditing(null)}
          onDone={(message) => {
            setEditing(null);
            showFlash(message);
          }}
        />
      ) : (
        <div className={panel.actions}>
          <Button onClick={() => setEditing({ initial: emptyForm(), stored: null })}>Ajouter un fournisseur</Button>
        </div>
      )}
      <h3 className={panel.subTitle}>Fournisseurs</h3>
      <QueryState
        query={list}
        errorText="Impossible de charger les fournisseurs ENT."
        isEmpty={(d) => d.providers.length === 0}
        empty="Aucun fournisseur ENT : la connexion se fait par mot de passe."
      >
        {(data) => (
          <ul className={panel.list}>
            {data.providers.map((p) => (
              <ProviderItem
                key={p.id}
                provider={p}
                onMessage={showFlash}
                onEdit={() => setEditing({ initial: formOf(p), stored: { id: p.id, enabled: p.enabled, hasSecret: p.hasSecret } })}
              />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
