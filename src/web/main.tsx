import roboto400 from "@fontsource/roboto/files/roboto-latin-400-normal.woff2?url";
import roboto500 from "@fontsource/roboto/files/roboto-latin-500-normal.woff2?url";
import roboto700 from "@fontsource/roboto/files/roboto-latin-700-normal.woff2?url";
import { appStore, languageAtom, themeAtom, tokenAtom } from "./lib/app-state";
import { activateLanguage, warmLanguageData } from "./lib/i18n";
import { applyThemeClass } from "./lib/theme-class";
import { yieldToMain } from "./lib/yield-to-main";
import { registerPwa } from "./offline/pwa";
import { paintKeptScreen } from "./app/kept-screen";
import { loadRootScreen, ROOT_PATH } from "./app/root-screen";

/**
 * The entry is small on purpose (DESIGN section 6): it reads the stored session and asks
 * for what the first screen needs at once, so the chunks download side by side, not one after the
 * other. Until a screen commits, index.html's splash shows (at /, the dashboard's kept copy once its
 * style sheets are here: app/kept-screen.ts).
 * - No session: the sign-in page alone (features/auth/first-sign-in.tsx), without the app; the app
 *   loads once the user has signed in.
 * - A session: the app (app/start-app.tsx: React, Chakra, the router) and the shell's chunk.
 */

// Theme class before the first paint, so a dark-theme user never sees a white flash.
applyThemeClass(appStore.get(themeAtom));

// Roboto's three faces (the style sheets that name them come with the screen's chunk): asked for now,
// beside the scripts, so they are there at the first render; asked for by the first render, they
// came after it and the text was laid out again in them, moving what is under it (layout shift).
for (const href of [roboto400, roboto500, roboto700]) {
  const link = document.createElement("link");
  Object.assign(link, { rel: "preload", as: "font", type: "font/woff2", href, crossOrigin: "" });
  document.head.append(link);
}

// The service worker (the app opens offline): workbox registers it after the page's load event, so
// a new device installs it while the user types the password.
registerPwa();

// The catalog of the language in use (the page finds it active; it falls back to English on a failure).
const languageActive = activateLanguage(appStore.get(languageAtom)).catch(() => undefined);

// The language's Intl data (lib/i18n.ts), once, for the signed-in app: loaded while the page waits for
// the network, not inside the first render.
let languageWarmed: Promise<void> | null = null;
const warmLanguage = () =>
  (languageWarmed ??= languageActive.then(() => warmLanguageData(appStore.get(languageAtom))).catch(() => undefined));

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

if (appStore.get(tokenAtom)) {
  void warmLanguage();
  // The installed app opens at /: the dashboard as it last looked, until the app has drawn it anew.
  const kept = window.location.pathname === ROOT_PATH ? paintKeptScreen(root) : Promise.resolve();
  void kept.then(() => startSignedIn(root));
} else {
  // Every path of a device without a session shows the sign-in page (the shell would send it there).
  if (window.location.pathname !== "/login") window.history.replaceState(null, "", "/login");
  void import("./features/auth/first-sign-in").then(({ mountFirstSignIn }) =>
    mountFirstSignIn(root, async (unmount) => {
      window.history.replaceState(null, "", "/");
      await startSignedIn(root, unmount);
    }),
  );
}

/**
 * Starts the app, asking for the shell's chunk (and at / its screen's) at the same time: the router's
 * lazy routes import the same modules. The router asks for the screen of any other URL and, unless
 * that screen does without it, the offline layer (app/router.tsx); else the shell starts it once the
 * screen has painted.
 */
async function startSignedIn(container: HTMLElement, beforeRender: () => void = () => undefined): Promise<void> {
  // Each import adds a preload link per chunk it needs (a millisecond or two each on a phone): the
  // three ask in tasks of their own, not in one long one.
  void import("./app/shell-layout");
  await yieldToMain();
  // The installed app opens at / (app/root-screen.ts): its screen's chunk is asked for now, not once
  // the router has started (one round trip less before the first screen).
  if (window.location.pathname === ROOT_PATH) {
    void loadRootScreen();
    await yieldToMain();
  }
  const app = import("./app/start-app");
  await warmLanguage();
  const { startApp } = await app;
  // The app's modules have just run (React DOM, the router): the app starts in a task of its own.
  await yieldToMain();
  startApp(container, beforeRender);
}
