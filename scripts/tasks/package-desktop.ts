// npm run package:desktop -- --linux | --win | --mac  (on a machine where Electron's binary is installed)
import { packageDesktop } from "../lib/desktop";
try {
  await packageDesktop(process.argv.slice(2));
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
