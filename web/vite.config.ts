import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { VitePWA } from "vite-plugin-pwa";

// `vite build --ssr src/prerender.tsx` (scripts/lib/prerender.ts) builds the prerender of the
// guest home page: the same modules and CSS-module class names, without the service worker.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    // The installable app: manifest.webmanifest and /sw.js (web/sw/sw.ts, with the list of
    // hashed files to precache injected). Registration is ours (src/lib/pwa/), after first paint.
    !isSsrBuild &&
      VitePWA({
        strategies: "injectManifest",
        srcDir: "sw",
        filename: "sw.ts",
        injectRegister: false,
        manifestFilename: "manifest.webmanifest",
        includeManifestIcons: false,
        injectManifest: {
          // The shell: scripts, styles, fonts and our images. Not index.html (served network-first
          // by the worker) nor the downloadable documents.
          globPatterns: ["**/*.{js,css,svg,png,woff2}"],
          // The spreadsheet reader (about 160 KB gzipped) serves only an admin's class import: never precached.
          globIgnores: ["sw.js", "theme-init.js", "**/xlsx-*.js"],
          maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        },
        manifest: {
          id: "/",
          name: "Planify",
          short_name: "Planify",
          description: "Les devoirs et examens de toute la promo, sur ordinateur, téléphone et tablette.",
          lang: "fr",
          dir: "ltr",
          start_url: "/devoirs",
          scope: "/",
          display: "standalone",
          orientation: "any",
          // Light theme colours; the dark theme's come from the theme-color meta tags of index.html.
          theme_color: "#4f46e5",
          background_color: "#f6f7fb",
          categories: ["education", "productivity"],
          icons: [
            { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
            { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
            { src: "/icons/maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
            { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
          ],
          shortcuts: [
            {
              name: "Mes devoirs",
              short_name: "Devoirs",
              url: "/devoirs",
              icons: [{ src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" }],
            },
            {
              name: "Emploi du temps",
              short_name: "Emploi du temps",
              url: "/emploi-du-temps",
              icons: [{ src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" }],
            },
          ],
        },
        devOptions: { enabled: false },
      }),
  ],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    assetsInlineLimit: 0,
    // Every browser we support knows <link rel="modulepreload">: the polyfill would only add
    // weight to the first page.
    modulePreload: { polyfill: false },
    copyPublicDir: !isSsrBuild,
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000" },
  },
}));
