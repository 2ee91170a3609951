// Sandboxed preload: bundled to one CommonJS file that requires only "electron".
// The main process checks every call's sender too; choosing the bridge here only keeps each
// page's surface small.
import { contextBridge, ipcRenderer } from "electron";
import { bridgeFor, desktopBridge, setupBridge } from "./bridges";

if (bridgeFor(location.protocol) === "setup") contextBridge.exposeInMainWorld("planifySetup", setupBridge(ipcRenderer));
else contextBridge.exposeInMainWorld("planifyDesktop", desktopBridge(ipcRenderer));
