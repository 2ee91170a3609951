import { defineConfig } from "drizzle-kit";

// The PostgreSQL migrations (DATABASE_URL=postgres://…), beside the SQLite ones of drizzle.config.ts.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema-pg/index.ts",
  out: "./drizzle-pg",
});
