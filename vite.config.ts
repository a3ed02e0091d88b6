import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { lingui } from "@lingui/vite-plugin";
import { VitePWA } from "vite-plugin-pwa";
import { compression } from "vite-plugin-compression2";
import { jsBudget } from "./scripts/js-budget";
import { serviceWorkerArtifacts } from "./scripts/sw-artifacts";

export default defineConfig({
  plugins: [
    // Keep the English text in the bundle: a string not yet in a catalog shows in English, never as an id.
    react({ babel: { plugins: [["@lingui/babel-plugin-lingui-macro", { stripMessageField: false }]] } }),
    lingui(),
    // Service worker from sw/sw.ts (injectManifest); registered by src/web/offline/pwa.ts, which
    // offers updates instead of forcing them ("prompt").
    VitePWA({
      strategies: "injectManifest",
      srcDir: "sw",
      filename: "sw.ts",
      registerType: "prompt",
      injectRegister: false,
      manifest: {
        name: "Back Office",
        short_name: "Back Office",
        description: "Back office for stock, purchasing, sales, accounting and HR",
        theme_color: "#4A6486",
        background_color: "#FFFFFF",
        display: "standalone",
        start_url: "/",
        scope: "/",
        icons: [
          { src: "/pwa-192x192.png", sizes: "192x192", type: "image/png" },
          { src: "/pwa-512x512.png", sizes: "512x512", type: "image/png" },
          { src: "/pwa-maskable-192x192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
          { src: "/pwa-maskable-512x512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      injectManifest: {
        // The shell, every lazy chunk, the catalogs, fonts, icons and the alert sound. Fonts: woff2 only
        // (every browser with a service worker reads it; the woff copies were 24 more install fetches), and
        // not Roboto's Cyrillic, Greek and Vietnamese subsets, which the app's three languages never show
        // (a browser fetches a subset only for a character in its range; offline it would use a system font).
        globPatterns: ["**/*.{js,css,html,svg,png,ico,woff2,wav,webmanifest}"],
        globIgnores: ["**/node_modules/**/*", "**/roboto-{cyrillic,cyrillic-ext,greek,vietnamese}-*.woff2"],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    // Every text asset also written as .br and .gz beside it (brotli and gzip at their best, once, at
    // build time); the server sends them as they are (@fastify/static preCompressed), no CPU per request.
    // index.html (about 700 bytes) included: the app shell's fallback for client routes is sent from it.
    compression({ include: /\.(html|css|js|mjs|json|svg|webmanifest|txt)$/, threshold: 512, algorithms: ["brotliCompress", "gzip"] }),
    // The first screens' JavaScript (the sign-in page, the signed-in shell) under 300 KiB gzipped,
    // DESIGN section 6: the build fails, naming the size, when one passes it.
    jsBudget(),
    // After vite-plugin-pwa has written sw.js (after the compression pass above): the precache bundle a
    // new device installs in one request, and the .br and .gz of both.
    serviceWorkerArtifacts(),
  ],
  build: { outDir: "dist/web", sourcemap: false, chunkSizeWarningLimit: 900 },
  server: { proxy: { "/api": "http://localhost:8000", "/media": "http://localhost:8000" } },
});
