// npm run gen:api: regenerates web/src/lib/api/schema.generated.ts from the server's routes.
import { API_SCHEMA_FILE, writeApiSchema } from "../lib/api-schema";

await writeApiSchema();
console.log(`[planify] ${API_SCHEMA_FILE} écrit.`);
process.exit(0);
