// Generates a SQL migration from the drizzle schema (drizzle-kit), then embeds every
// migration into server/src/db/embedded-migrations.ts so the executable carries them.
import { $ } from "bun";
import { embedMigrations } from "../lib/embed-migrations";
import { root } from "../lib/paths";

// `npm run db:generate -- social` or `-- --name social`: the first word that is not a flag.
const name = process.argv.slice(2).find((a) => !a.startsWith("-"));
await $`bunx drizzle-kit generate ${name ? ["--name", name] : []}`.cwd(`${root}/server`);
await embedMigrations();
