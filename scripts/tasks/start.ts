// npm start: build what is needed, then serve the app with the demo school on ./planify-data.
import { buildWeb } from "../lib/build";
import { root } from "../lib/paths";

await buildWeb();
const proc = Bun.spawn([process.execPath, "server/src/main.ts", "--demo", ...process.argv.slice(2)], {
  cwd: root,
  stdio: ["inherit", "inherit", "inherit"],
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => proc.kill(signal));
process.exit(await proc.exited);
