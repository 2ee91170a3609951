import { Button } from "../../components/button";
import panel from "../../components/admin-panel.module.css";
import styles from "./import.module.css";

export interface Created {
  username: string;
  password: string;
}

/** The sheet of first passwords, shown once: print it, or save it as CSV, before leaving. */
export function PasswordSheet({ created }: { created: Created[] }) {
  function download() {
    const csv = `\uFEFFidentifiant;mot de passe provisoire\r\n${created.map((c) => `${c.username};${c.password}`).join("\r\n")}\r\n`;
    const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
    Object.assign(document.createElement("a"), { href: url, download: "planify-mots-de-passe-provisoires.csv" }).click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
  return (
    <div className={styles.sheet} data-print-sheet="">
      <p className={panel.success} role="status">
        {created.length} compte(s) créé(s).
      </p>
      <p className={panel.error}>
        Cette fiche ne sera plus affichée : imprimez-la ou enregistrez-la maintenant. Chaque mot de passe provisoire devra être remplacé à
        la première connexion.
      </p>
      <div className={panel.actions}>
        <Button onClick={() => window.print()}>Imprimer la fiche</Button>
        <Button variant="secondary" onClick={download}>
          Enregistrer la fiche (CSV)
        </Button>
      </div>
      <table className={styles.table}>
        <caption>Mots de passe provisoires</caption>
        <thead>
          <tr>
            <th>Identifiant</th>
            <th>Mot de passe provisoire</th>
          </tr>
        </thead>
        <tbody>
          {created.map((c) => (
            <tr key={c.username}>
              <td>{c.username}</td>
              <td className={styles.mono}>{c.password}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
