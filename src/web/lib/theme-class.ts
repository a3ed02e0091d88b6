import type { ThemeMode } from "./app-state";

/**
 * Chakra's dark condition is the `dark` class on an ancestor; we put it on <html>. Apart from the
 * theme system (theme.ts) so the start-up script can set it before Chakra has loaded.
 */
export function applyThemeClass(mode: ThemeMode): void {
  const html = document.documentElement;
  html.classList.toggle("dark", mode === "dark");
  html.classList.toggle("light", mode !== "dark");
  html.style.colorScheme = mode;
}
