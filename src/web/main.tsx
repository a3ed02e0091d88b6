import "@fontsource/roboto/400.css";
import "@fontsource/roboto/500.css";
import "@fontsource/roboto/700.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { Providers } from "./app/providers";
import { applyThemeClass } from "./lib/theme";
import { appStore, themeAtom } from "./lib/app-state";
import { startAppOffline } from "./offline/app-offline";
import { registerPwa } from "./offline/pwa";

// Theme class before the first paint, so a dark-theme user never sees a white flash.
applyThemeClass(appStore.get(themeAtom));

// The service worker (the app opens offline) and the outbox/cache runtime, before anything renders
// so the first screen already reads the cache and creates go through the outbox.
registerPwa();
startAppOffline();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <Providers>
      <App />
    </Providers>
  </StrictMode>,
);
