import "@fontsource/roboto/400.css";
import "@fontsource/roboto/500.css";
import "@fontsource/roboto/700.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { Providers } from "./app/providers";
import { applyThemeClass } from "./lib/theme";
import { appStore, themeAtom } from "./lib/app-state";
import { bootOffline } from "./offline/boot";
import { registerPwa } from "./offline/pwa";

// Theme class before the first paint, so a dark-theme user never sees a white flash.
applyThemeClass(appStore.get(themeAtom));

// The service worker (the app opens offline), and the outbox/cache runtime, asked for before anything
// renders. The runtime (Dexie, the outbox, the reference sync, decimal.js) is a chunk of its own, not
// in the first screen's script (DESIGN section 6 budget): the sign-in page needs none of it, and the
// shell waits for it before it shows a screen (shell-layout.tsx), so no screen runs without the outbox.
registerPwa();
void bootOffline();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <Providers>
      <App />
    </Providers>
  </StrictMode>,
);
