import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { IMPORT_CHUNK, type ClassListRow } from "@planify/common/constants/class-import";
import type { ImportPreviewResponse } from "@planify/common/schemas/class-import";
import { Button } from "../../components/button";
import { TextAreaField } from "../../components/field";
import { DownloadIcon } from "../../components/page-icons";
import { failureText } from "../../lib/failure-text";
import { readClassList } from "./read-class-list";
import { ClassFileError, readClassFile } from "./read-class-file";
import { ClassFilePicker } from "./class-file-picker";
import { PasswordSheet, type Created } from "./password-sheet";
import panel from "../../components/admin-panel.module.css";
import styles from "./import.module.css";
import { answerOf, apiClient } from "../../lib/api/client";

type Problems = ImportPreviewResponse["problems"];

const lines = (n: number) => (n > 1 ? "lignes" : "ligne");

/** Import a class list: read, preview with the French reason of each bad row, import in chunks, hand out the sheet. */
export function ImportUsersPanel() {
  const client = useQueryClient();
  const [text, setText] = useState("");
  const [rows, setRows] = useState<ClassListRow[]>([]);
  const [problems, setProblems] = useState<Problems | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [created, setCreated] = useState<Created[] | null>(null);
  const [fileNote, setFileNote] = useState<{ name: string; note: string } | null>(null);
  const [skippedNote, setSkippedNote] = useState<string | null>(null);

  async function preview(source: string) {
    setError(null);
    setProblems(null);
    setCreated(null);
    setSkippedNote(null);
    const read = readClassList(source);
    setRows(read.rows);
    if (read.problem) return setError(read.problem);
    try {
      const res = await answerOf(apiClient.POST("/api/users-admin/import/preview", { body: { rows: read.rows } }));
      setProblems(res.problems);
    } catch (err) {
      setError(failureText("Vérification impossible.", err));
    }
  }

  async function readFile(file: File) {
    setError(null);
    // A workbook first loads its reader: say something meanwhile.
    setFileNote({ name: file.name, note: `Lecture de « ${file.name} »…` });
    try {
      const read = await readClassFile(file.name, new Uint8Array(await file.arrayBuffer()));
      setFileNote({ name: file.name, note: read.note });
      setText(read.text);
      await preview(read.text);
    } catch (err) {
      setFileNote(null);
      setError(err instanceof ClassFileError ? err.message : failureText(`Lecture de « ${file.name} » impossible.`, err));
    }
  }

  const bad = new Map((problems ?? []).map((p) => [p.index, p.errors]));
  // Rows in error are left out of the import (and said so); the valid ones go ahead.
  const valid = problems === null ? [] : rows.filter((_, i) => !bad.has(i));
  const skipped = problems === null ? 0 : rows.length - valid.length;

  async function commit() {
    setError(null);
    const done: Created[] = [];
    const sending = valid;
    const left = skipped;
    setProgress(0);
    try {
      for (let i = 0; i < sending.length; i += IMPORT_CHUNK) {
        const res = await answerOf(
          apiClient.POST("/api/users-admin/import/commit", { body: { rows: sending.slice(i, i + IMPORT_CHUNK) } }),
        );
        done.push(...res.created);
        setProgress(done.length);
      }
    } catch (err) {
      setError(
        failureText(`Import interrompu après ${done.length} compte(s) : les comptes déjà créés figurent dans la fiche ci-dessous.`, err),
      );
    } finally {
      setProgress(null);
      if (done.length) setCreated(done);
      if (left)
        setSkippedNote(
          `${left} ${lines(left)} en erreur ${left > 1 ? "n'ont" : "n'a"} pas été ${left > 1 ? "importées" : "importée"} : corrigez-${left > 1 ? "les" : "la"} dans le fichier puis importez-${left > 1 ? "les" : "la"} à part.`,
        );
      setProblems(null);
      setRows([]);
      await client.invalidateQueries({ queryKey: ["admin"] });
    }
  }

  const ready = valid.length > 0;
  return (
    <section className={panel.panel} aria-labelledby="import-title">
      <h2 id="import-title" className={panel.panelTitle}>
        Importer une liste de classe
      </h2>
      <p className={panel.panelIntro}>
        Un fichier CSV, Excel (.xlsx) ou LibreOffice (.ods), avec une première ligne d'en-têtes : identifiant, prénom, nom, rôle, année,
        groupe, parcours. Rien n'est créé avant la confirmation ; chaque compte reçoit un mot de passe provisoire à remplacer à sa première
        connexion.
      </p>
      <div className={panel.form}>
        <ClassFilePicker fileName={fileNote?.name ?? null} disabled={progress !== null} onFile={(file) => void readFile(file)} />
        {fileNote && <p className={panel.muted}>{fileNote.note}</p>}
        <TextAreaField
          label="…ou collez la liste"
          rows={5}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setFileNote(null);
          }}
          className={styles.mono}
          placeholder={"identifiant;prénom;nom;rôle;année;groupe;parcours\nnina.roy;Nina;Roy;étudiant;BUT1;A;devweb"}
        />
        <div className={panel.actions}>
          <Button variant="secondary" onClick={() => void preview(text)} disabled={!text.trim() || progress !== null}>
            Vérifier la liste
          </Button>
          <Button
            onClick={() => void commit()}
            disabled={!ready || progress !== null}
            aria-describedby={skipped ? "import-skipped" : undefined}
          >
            Importer {valid.length} compte{valid.length > 1 ? "s" : ""}
          </Button>
          {skipped > 0 && (
            <p id="import-skipped" className={styles.skipped}>
              {skipped} {lines(skipped)} en erreur {skipped > 1 ? "seront ignorées" : "sera ignorée"}
            </p>
          )}
        </div>
        {error && (
          <p className={panel.error} role="alert">
            {error}
          </p>
        )}
        {progress !== null && (
          <div className={styles.progress}>
            <progress max={valid.length} value={progress} aria-label="Import des comptes" />
            <span>
              {progress} / {valid.length}
            </span>
          </div>
        )}
      </div>
      {problems !== null && rows.length > 0 && (
        <>
          <p className={problems.length ? panel.error : panel.success} role="status">
            {valid.length} ligne(s) valide(s), {skipped} en erreur
            {skipped
              ? ` : ${skipped > 1 ? "elles seront ignorées" : "elle sera ignorée"} à l'import, ou corrigez le fichier puis vérifiez à nouveau.`
              : "."}
          </p>
          {/* Scrolls on a phone: focusable, so the keyboard can scroll it too (axe: scrollable-region-focusable). */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to be scrolled by keyboard */}
          <section className={styles.tableWrap} tabIndex={0} aria-label="Aperçu de l'import, défilant">
            <table className={styles.table}>
              <caption className="visually-hidden">Aperçu de l'import</caption>
              <thead>
                <tr>
                  <th>Ligne</th>
                  <th>Identifiant</th>
                  <th>Nom</th>
                  <th>Rôle</th>
                  <th>Année</th>
                  <th>Groupe</th>
                  <th>Parcours</th>
                  <th>Erreur</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r, i) => (
                  <tr key={i} data-bad={bad.has(i) || undefined}>
                    <td>{i + 2}</td>
                    <td>{r.username}</td>
                    <td>{[r.firstName, r.lastName].filter(Boolean).join(" ")}</td>
                    <td>{r.role}</td>
                    <td>{r.year}</td>
                    <td>{r.groupe}</td>
                    <td>{r.specialite}</td>
                    <td>{bad.get(i)?.join(" ")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
      {skippedNote && (
        <p className={panel.error} role="alert">
          {skippedNote}
        </p>
      )}
      {created && <PasswordSheet created={created} />}
      {!created && !problems && (
        <p className={panel.muted}>
          <DownloadIcon size={16} /> Astuce : un classeur .xlsx ou .ods se lit tel quel (première feuille) ; un CSV d'Excel, en
          point-virgule, aussi.
        </p>
      )}
    </section>
  );
}
