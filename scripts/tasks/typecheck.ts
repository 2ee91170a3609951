import { typecheck } from "../lib/checks";
const failed = (await typecheck()).filter((r) => !r.ok);
process.exit(failed.length ? 1 : 0);
