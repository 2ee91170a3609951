import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

// import.meta.dir under Bun (the tasks); the file's URL under Node (the scripts' unit tests).
export const root = join(import.meta.dir ?? dirname(fileURLToPath(import.meta.url)), "..", "..");
export const bun = process.env.PLANIFY_BUN ?? process.execPath;
