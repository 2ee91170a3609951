import { useId, useState, type FormEvent, type ReactNode } from "react";
import type { SsoKind } from "@planify/common/constants/sso";
import { SSO_FIELD_LABELS as L, SSO_KIND_LABELS, ssoFormField } from "@planify/common/schemas/sso-admin";
import { Button } from "../../components/button";
import { SelectField, TextField } from "../../components/field";
import { ApiError } from "../../lib/api";
import { failureText } from "../../lib/failure-text";
import { useSaveSsoProvider } from "./api/sso-providers";
import { bodyOf, missingFields, type ProviderForm } from "./model";
import panel from "../../components/admin-panel.module.css";
import styles from "./admin-sso.module.css";

const KIND_OPTIONS = (Object.keys(SSO_KIND_LABELS) as SsoKind[]).map((k) => ({ value: k, label: SSO_KIND_LABELS[k] }));
const POLICY_OPTIONS = [
  { value: "existing", label: "Comptes existants uniquement" },
  { value: "provision", label: "Créés à la première connexion" },
];
const ROLE_OPTIONS = [
  { value: "eleve", label: "Élève" },
  { value: "prof", label: "Professeur" },
  // Only ever given where a value is mapped to it (e.g. the IT department's group), never by default.
  { value: "admin", label: "Administrateur" },
];
// The server's defaults (oidc.ts, cas.ts, saml.ts): what an empty field means.
const DEFAULT_CLAIM: Record<SsoKind, string> = { oidc: "preferred_username", cas: "user", saml: "eduPersonPrincipalName" };

interface Props {
  initial: ProviderForm;
  /** The stored provider being edited (its id and kind then stay), or null for a new one. */
  editing: { id: string; enabled: boolean; hasSecret: boolean } | null;
  onDone: (message: string) => void;
  onCancel: () => void;
}

/** « Ajouter un fournisseur » / edit: the fields of its kind; each refusal shows beside its field, nothing typed is lost. */
export function ProviderFormPanel({ initial, editing, onDone, onCancel }: Props) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveSsoProvider();
  const uid = useId();
  const set = (patch: Partial<ProviderForm>) => setForm((f) => ({ ...f, ...patch }));

  /** The props that tie an input to its message. */
  const bind = (field: keyof ProviderForm | "roles.claim", value: string, patch: (v: string) => Partial<ProviderForm>) => ({
    value,
    onChange: (e: { target: { value: string } }) => set(patch(e.target.value)),
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? `${uid}-${field}-error` : undefined,
  });
  const errorOf = (field: string): ReactNode =>
    errors[field] ? (
      <p id={`${uid}-${field}-error`} className={styles.fieldError}>
        {errors[field]}
      </p>
    ) : null;

  function submit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const missing = missingFields(form);
    setErrors(missing);
    if (Object.keys(missing).length) return;
    save.mutate(
      { body: bodyOf(form, editing?.enabled ?? true), editing: editing?.id ?? null },
      {
        onSuccess: (res) => onDone(res.message),
        onError: (err) => {
          const field = err instanceof ApiError && err.field ? ssoFormField(err.field) : null;
          if (field && field in L && field !== "kind") setErrors({ [field]: err instanceof ApiError ? (err.serverMessage ?? "") : "" });
          else setFormError(failureText("Enregistrement impossible", err, " : "));
        },
      },
    );
  }

  const title = editing ? `Modifier « ${initial.label} »` : "Ajouter un fournisseur";
  return (
    <form className={panel.form} onSubmit={submit} noValidate aria-label={title}>
      <h3 className={panel.subTitle}>{title}</h3>
      <div className={styles.pair}>
        <SelectField
          label={L.kind}
          options={KIND_OPTIONS}
          disabled={!!editing}
          value={form.kind}
          onChange={(e) => set({ kind: e.target.value as SsoKind })}
        />
        <div>
          <TextField
            label={L.id}
            hint="Lettres minuscules, chiffres et tirets ; il figure dans les adresses à déclarer."
            disabled={!!editing}
            autoComplete="off"
            spellCheck={false}
            placeholder="ent-universite"
            {...bind("id", form.id, (id) => ({ id }))}
          />
          {errorOf("id")}
        </div>
      </div>
      <TextField label={L.label} placeholder="Connexion ENT Université de …" {...bind("label", form.label, (label) => ({ label }))} />
      {errorOf("label")}
      {form.kind === "oidc" && (
        <>
          <TextField
            label={L.issuer}
            type="url"
            inputMode="url"
            spellCheck={false}
            placeholder="https://sso.univ-exemple.fr/realms/etudiants"
            {...bind("issuer", form.issuer, (issuer) => ({ issuer }))}
          />
          {errorOf("issuer")}
          <div className={styles.pair}>
            <div>
              <TextField
                label={L.clientId}
                autoComplete="off"
                spellCheck={false}
                {...bind("clientId", form.clientId, (clientId) => ({ clientId }))}
              />
              {errorOf("clientId")}
            </div>
            <div>
              <TextField
                label={L.clientSecret}
                type="password"
                autoComplete="new-password"
                placeholder={editing?.hasSecret ? "inchangé" : "aucun (client public)"}
                {...bind("clientSecret", form.clientSecret, (clientSecret) => ({ clientSecret }))}
              />
              {errorOf("clientSecret")}
            </div>
          </div>
          <TextField
            label={L.scopes}
            hint="Séparées par des espaces ; vide : openid profile email."
            spellCheck={false}
            {...bind("scopes", form.scopes, (scopes) => ({ scopes }))}
          />
          {errorOf("scopes")}
        </>
      )}
      {form.kind === "cas" && (
        <>
          <TextField
            label={L.casUrl}
            type="url"
            inputMode="url"
            spellCheck={false}
            placeholder="https://cas.univ-exemple.fr/cas"
            {...bind("casUrl", form.casUrl, (casUrl) => ({ casUrl }))}
          />
          {errorOf("casUrl")}
        </>
      )}
      {form.kind === "saml" && (
        <>
          <TextField
            label={L.idpMetadataUrl}
            type="url"
            inputMode="url"
            spellCheck={false}
            placeholder="https://idp.univ-exemple.fr/idp/shibboleth"
            {...bind("idpMetadataUrl", form.idpMetadataUrl, (idpMetadataUrl) => ({ idpMetadataUrl }))}
          />
          {errorOf("idpMetadataUrl")}
        </>
      )}
      <div className={styles.pair}>
        <SelectField
          label={L.policy}
          options={POLICY_OPTIONS}
          value={form.policy}
          onChange={(e) => set({ policy: e.target.value as ProviderForm["policy"] })}
        />
        <div>
          <TextField
            label={L.usernameClaim}
            placeholder={`si vide : ${DEFAULT_CLAIM[form.kind]}`}
            spellCheck={false}
            {...bind("usernameClaim", form.usernameClaim, (usernameClaim) => ({ usernameClaim }))}
          />
          {errorOf("usernameClaim")}
        </div>
      </div>
      <fieldset className={panel.stack}>
        <legend>Rôle des comptes créés</legend>
        <p className={panel.muted}>
          Une valeur sans rôle ne crée pas de compte. « Administrateur » n'est donné qu'à une valeur que tu lui associes ici (par exemple le
          groupe du service informatique) ; quelqu'un qui a plusieurs valeurs prend le rôle le plus restreint.
        </p>
        <TextField
          label={L["roles.claim"]}
          placeholder="eduPersonAffiliation"
          spellCheck={false}
          {...bind("roles.claim", form.rolesClaim, (rolesClaim) => ({ rolesClaim }))}
        />
        {errorOf("roles.claim")}
        {form.roleRows.map((row, i) => (
          <div className={styles.roleRow} key={i}>
            <TextField
              label={`Valeur ${i + 1}`}
              value={row.value}
              placeholder="student"
              spellCheck={false}
              onChange={(e) => set({ roleRows: form.roleRows.map((r, j) => (j === i ? { ...r, value: e.target.value } : r)) })}
            />
            <SelectField
              label={`Rôle ${i + 1}`}
              options={ROLE_OPTIONS}
              value={row.role}
              onChange={(e) =>
                set({ roleRows: form.roleRows.map((r, j) => (j === i ? { ...r, role: e.target.value as "eleve" | "prof" | "admin" } : r)) })
              }
            />
            <Button variant="ghost" size="small" onClick={() => set({ roleRows: form.roleRows.filter((_, j) => j !== i) })}>
              Retirer
            </Button>
          </div>
        ))}
        {errorOf("roles.values")}
        {errorOf("roles")}
        <div>
          <Button variant="secondary" size="small" onClick={() => set({ roleRows: [...form.roleRows, { value: "", role: "eleve" }] })}>
            Ajouter une valeur
          </Button>
        </div>
      </fieldset>
      <div className={panel.actions}>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Enregistrement…" : "Enregistrer"}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Annuler
        </Button>
        {formError && (
          <p className={panel.error} role="alert">
            {formError}
          </p>
        )}
      </div>
    </form>
  );
}
