import { resolve } from "node:path";
import { defineConfig } from "electron-vite";

// Main and preload are bundled for Electron; the preload must be one CommonJS file because
// sandboxed preloads can only require "electron". The renderer holds only our two bundled
// pages (first run, offline): the app itself is the school server's web app.
export default defineConfig({
  main: {
    build: {
      outDir: "out/main",
      rollupOptions: { input: { index: resolve(__dirname, "src/main/index.ts") }, output: { format: "cjs", entryFileNames: "[name].cjs" } },
    },
  },
  preload: {
    build: {
      outDir: "out/preload",
      rollupOptions: {
        input: { index: resolve(__dirname, "src/preload/index.ts") },
        output: { format: "cjs", entryFileNames: "[name].cjs" },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, "src/renderer"),
    publicDir: resolve(__dirname, "src/renderer/public"),
    build: {
      outDir: resolve(__dirname, "out/renderer"),
      rollupOptions: {
        input: { setup: resolve(__dirname, "src/renderer/setup.html"), offline: resolve(__dirname, "src/renderer/offline.html") },
      },
    },
  },
});
