import { join } from "node:path";

export const root = join(import.meta.dir, "..", "..");
export const bun = process.env.PLANIFY_BUN ?? process.execPath;
