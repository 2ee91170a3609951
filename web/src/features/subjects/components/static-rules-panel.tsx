import { BUILTIN_SUBJECTS } from "@planify/common/constants/subjects";
import { useState } from "react";
import { Button } from "../../../components/button";
import { errorText } from "../../../lib/api";
import { useDeleteRuleMutation, useSaveRuleMutation } from "../../../lib/subjects/subject-mutations";
import type { SubjectRule } from "../../../lib/subjects/subject-types";
import { AudiencePicker, audienceText, type AudienceValue } from "./audience-picker";
import styles from "../subjects.module.css";

const NONE: AudienceValue = { yearsAllowed: [], groupsAllowed: [], specialitesAllowed: [] };

/** Visibility rules of the built-in subjects: pick one, tick who sees it, save or remove. */
export function StaticRulesPanel({ rules }: { rules: SubjectRule[] }) {
  const [name, setName] = useState("");
  const [audience, setAudience] = useState<AudienceValue>(NONE);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const existing = rules.find((r) => r.subjectName === name);
  const saveRule = useSaveRuleMutation();
  const deleteRule = useDeleteRuleMutation();

  const pick = (n: string) => {
    setName(n);
    const r = rules.find((x) => x.subjectName === n);
    setAudience(r ? { yearsAllowed: r.yearsAllowed, groupsAllowed: r.groupsAllowed, specialitesAllowed: r.specialitesAllowed } : NONE);
    setMessage(null);
  };

  const run = async (action: () => Promise<void>, ok: string) => {
    try {
      await action();
      setMessage({ ok: true, text: ok });
    } catch (e) {
      setMessage({ ok: false, text: errorText(e, "Erreur lors de l'enregistrement de la règle.") });
    }
  };

  return (
    <section className={styles.panel} aria-label="Règles des matières intégrées">
      <h3>Règles des matières intégrées</h3>
      <label className={styles.field}>
        <span>Matière</span>
        <select value={name} onChange={(e) => pick(e.target.value)}>
          <option value="">Choisir une matière</option>
          {BUILTIN_SUBJECTS.map((n) => (
            <option key={n} value={n}>
              {n}
              {rules.some((r) => r.subjectName === n) ? " •" : ""}
            </option>
          ))}
        </select>
      </label>
      {name && (
        <>
          <AudiencePicker value={audience} onChange={setAudience} />
          <div className={styles.actions}>
            {existing && (
              <Button
                variant="danger"
                size="small"
                onClick={() =>
                  void run(async () => {
                    await deleteRule.mutateAsync(name);
                    pick("");
                  }, "Règle supprimée.")
                }
              >
                Supprimer la règle
              </Button>
            )}
            <Button
              size="small"
              onClick={() => void run(() => saveRule.mutateAsync({ subjectName: name, ...audience }), "Règle enregistrée.")}
            >
              Enregistrer la règle
            </Button>
          </div>
        </>
      )}
      {message && (
        <p className={message.ok ? styles.ok : styles.error} role="status">
          {message.text}
        </p>
      )}
      {rules.length > 0 && (
        <ul className={styles.rules}>
          {rules.map((r) => (
            <li key={r.subjectName}>
              <button type="button" className={styles.ruleLink} onClick={() => pick(r.subjectName)}>
                {r.subjectName}
              </button>
              <span className={styles.muted}>{audienceText(r)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
