import { buildWeb } from "../lib/build";
await buildWeb(true);
