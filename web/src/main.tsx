import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { startSession } from "./lib/session";
import { startThemeSync } from "./lib/theme-sync";
import "./styles/global.css";

startSession();
startThemeSync();
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
