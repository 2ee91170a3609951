import type { SetupBridge } from "../shared/ipc";
import { runSetupPage } from "./setup-page";

declare global {
  interface Window {
    planifySetup: SetupBridge;
  }
}

runSetupPage(document, window.planifySetup);
