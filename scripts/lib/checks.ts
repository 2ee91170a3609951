import { embedWeb } from "./embed-web";
import { bin, sh } from "./run";

export interface CheckResult {
  name: string;
  ok: boolean;
}

/** Type-checks each workspace (tsc --noEmit); one result per project. */
export async function typecheck(): Promise<CheckResult[]> {
  embedWeb(); // the server imports the generated asset map
  const results: CheckResult[] = [];
  for (const project of ["common", "server", "web", "scripts", "desktop"]) {
    console.log(`[planify] Vérification des types : ${project}`);
    const ok = (await sh([bin("tsc"), "-p", `${project}/tsconfig.json`])) === 0;
    results.push({ name: `typecheck ${project}`, ok });
  }
  return results;
}
