import { WIDE_SCREEN } from "./screen-width";

/**
 * The first screen as it last looked, kept on the device and drawn by the entry before the app has
 * loaded (the first screen's budget, DESIGN section 6). On a branch tablet the app's JavaScript (React, the router,
 * the screen) takes seconds to load and run; until then the user saw a splash. The dashboard keeps a copy of the page
 * it has drawn (the shell and the day's figures, as HTML, with the style sheets it was drawn with),
 * and the next start at / draws that copy at once, inert, until the app's first render replaces it.
 *
 * The copy is only drawn under the conditions it was taken in, so it never shows what the app would
 * not: the same stored user record (name, permissions, branches: what the menu and the cards show),
 * the same language, theme, sidebar state and side of the wide-screen breakpoint, and the same day
 * (the dashboard's rule for its kept figures). Logout clears it with the rest of localStorage.
 * Parts that do not belong in a copy (a chart drawn with Chakra's styles, the sync status, which is
 * live) are marked `data-kept="empty"` and kept as empty boxes of their size.
 */
const STORAGE_KEY = "bo.kept-screen";
/** Bumped when the record's shape changes. */
const VERSION = 1;
/** A copy larger than this is not kept: reading it would cost the start more than it saves. */
const MAX_HTML_CHARS = 400_000;
/**
 * How long the copy may take to draw (its style sheets and Roboto: a face swapped in later would move
 * the text); past it, the copy is given up and the app starts.
 */
const MAX_WAIT_MS = 1_500;

export interface KeptScreen {
  v: number;
  /** The conditions it was taken in (screenConditions). */
  conditions: string;
  /** The inside of #root. */
  html: string;
  /** The href attributes of the style sheets it was drawn with. */
  styles: string[];
  lang: string;
  dir: string;
}

/** What the copy depends on, read from what the entry can read before the app has loaded. */
export function screenConditions(storage: Pick<Storage, "getItem">, wide: boolean, now: Date): string {
  const stored = (key: string) => storage.getItem(`bo.${key}`);
  return JSON.stringify([stored("user"), stored("language"), stored("theme"), stored("drawerOpen"), wide, now.toDateString()]);
}

/** Pure: the kept copy in `text` when it is well formed, of this version and taken under `conditions`. */
export function parseKeptScreen(text: string | null, conditions: string): KeptScreen | null {
  if (!text) return null;
  try {
    const kept = JSON.parse(text) as Partial<KeptScreen> | null;
    if (!kept || kept.v !== VERSION || kept.conditions !== conditions) return null;
    if (typeof kept.html !== "string" || !Array.isArray(kept.styles) || !kept.styles.every((href) => typeof href === "string")) return null;
    if (typeof kept.lang !== "string" || (kept.dir !== "ltr" && kept.dir !== "rtl")) return null;
    return kept as KeptScreen;
  } catch {
    return null;
  }
}

const currentConditions = () => screenConditions(localStorage, window.matchMedia(WIDE_SCREEN).matches, new Date());

/**
 * Keeps a copy of what #root shows, in the browser's next idle time (it serialises the page: not in
 * the way of a render or a press). The dashboard calls it once its fresh figures have drawn. Returns
 * a cancel for an effect's clean-up.
 */
export function keepScreenWhenIdle(): () => void {
  const keep = () => {
    const root = document.getElementById("root");
    if (root) keepScreen(root);
  };
  if (typeof requestIdleCallback !== "function") {
    const timer = setTimeout(keep, 1_000);
    return () => clearTimeout(timer);
  }
  const handle = requestIdleCallback(keep, { timeout: 5_000 });
  return () => cancelIdleCallback(handle);
}

function keepScreen(root: HTMLElement): void {
  const copy = root.cloneNode(true) as HTMLElement;
  for (const part of copy.querySelectorAll("[data-kept='empty']")) part.replaceChildren();
  // A menu drawer open at that moment is a modal dialog; in a copy it would be drawn in the page's flow.
  for (const dialog of copy.querySelectorAll("dialog[open]")) dialog.removeAttribute("open");
  const html = copy.innerHTML;
  if (html.length > MAX_HTML_CHARS) return;
  const styles = [...document.querySelectorAll<HTMLLinkElement>("link[rel='stylesheet']")]
    .map((link) => link.getAttribute("href") ?? "")
    .filter((href) => href.startsWith("/"));
  const { lang, dir } = document.documentElement;
  const kept: KeptScreen = { v: VERSION, conditions: currentConditions(), html, styles, lang, dir };
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(kept));
  } catch {
    // Storage full or denied: the next start shows the splash, as without a copy.
  }
}

/**
 * Draws the kept copy into #root when there is one for the present conditions, once its style sheets
 * have loaded (and Roboto, for a while). Resolves when the copy has painted, or at once without one:
 * the entry asks for the app's chunks then, so on a slow link they do not share it with the few
 * kilobytes the copy needs (a copy is on the screen a round trip after the entry, the app seconds later).
 */
export function paintKeptScreen(root: HTMLElement): Promise<void> {
  let kept: KeptScreen | null;
  try {
    kept = parseKeptScreen(localStorage.getItem(STORAGE_KEY), currentConditions());
  } catch {
    return Promise.resolve();
  }
  if (!kept || !root.firstElementChild?.classList.contains("boot-splash")) return Promise.resolve();
  const { html, lang, dir } = kept;
  let givenUp = false;
  const painted = Promise.all(kept.styles.map(loadStyleSheet))
    .then(() => fontsLoaded())
    .then(() => {
      if (givenUp) return; // the app has started: its first render may be there already
      document.documentElement.lang = lang;
      document.documentElement.dir = dir;
      // A picture of the page, not the page: inert (a press does nothing) and hidden from screen
      // readers, which wait for the app. React's first commit clears #root, copy and all.
      root.innerHTML = `<div class="kept-screen" style="display:contents" inert aria-hidden="true">${html}</div>`;
      return new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    })
    .catch(() => undefined); // a style sheet not found (a new build): the splash stays
  const late = new Promise<void>((resolve) =>
    setTimeout(() => {
      givenUp = true;
      resolve();
    }, MAX_WAIT_MS),
  );
  return Promise.race([painted, late]);
}

/** Adds a style sheet the page does not have yet; resolves once it has loaded. */
function loadStyleSheet(href: string): Promise<void> {
  const existing = [...document.querySelectorAll<HTMLLinkElement>("link[rel='stylesheet']")].find(
    (link) => link.getAttribute("href") === href,
  );
  if (existing?.sheet) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const link = existing ?? Object.assign(document.createElement("link"), { rel: "stylesheet", href });
    link.addEventListener("load", () => resolve(), { once: true });
    link.addEventListener("error", () => reject(new Error(`${href} did not load`)), { once: true });
    if (!existing) document.head.append(link);
  });
}

/** Roboto's three faces (main.tsx preloads them). */
function fontsLoaded(): Promise<unknown> {
  return Promise.all(["400", "500", "700"].map((weight) => document.fonts.load(`${weight} 1em Roboto`).catch(() => undefined)));
}
