// Generates a SQL migration from the drizzle schema (drizzle-kit), then embeds every
// migration into server/src/db/embedded-migrations.ts (and -pg.ts) so the executable carries them.
// `-- --pg <name>`: a PostgreSQL migration from schema-pg (drizzle-pg.config.ts).
import { $ } from "bun";
import { embedMigrations } from "../lib/embed-migrations";
import { root } from "../lib/paths";

const args = process.argv.slice(2);
// `npm run db:generate -- social` or `-- --name social`: the first word that is not a flag.
const name = args.find((a) => !a.startsWith("-"));
const config = args.includes("--pg") ? ["--config", "drizzle-pg.config.ts"] : [];
await $`bunx drizzle-kit generate ${config} ${name ? ["--name", name] : []}`.cwd(`${root}/server`);
await embedMigrations();
