import { buildDesktop } from "../lib/desktop";
await buildDesktop();
