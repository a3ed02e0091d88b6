import "@fontsource/roboto/400.css";
import "@fontsource/roboto/500.css";
import "@fontsource/roboto/700.css";
// The house colours as CSS variables, for everything drawn without Chakra (the shell, the dashboard, charts' placeholders).
import "../lib/palette.css";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { yieldToMain } from "../lib/yield-to-main";
import { App, restoreSession } from "./app";
import { Providers } from "./providers";
import { createAppRouter } from "./router";

/**
 * The app itself: React, Chakra, the router and the providers, a chunk that main.tsx asks for beside
 * the shell's chunk and the catalog, so they download side by side. The fonts' style sheet comes
 * with it: it does not block the first paint (index.html's splash and its inline style paint first).
 */
export function startApp(root: HTMLElement, beforeRender: () => void = () => undefined): void {
  restoreSession();
  // Made before the first render: it asks for the shell and the screen of the URL at once (router.tsx),
  // and the first render waits for them, so it draws the screen rather than a spinner first. The
  // router's creation (it ranks the whole route table) and the render each have a task of their own.
  const { router, arrived } = createAppRouter();
  void arrived.then(yieldToMain).then(() => {
    beforeRender();
    render(root, router);
  });
}

function render(root: HTMLElement, router: ReturnType<typeof createAppRouter>["router"]): void {
  // A transition: React renders the first screen in slices that let the browser breathe (no long
  // task of the whole tree), and replaces index.html's splash when it commits.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <Providers>
          <App router={router} />
        </Providers>
      </StrictMode>,
    );
  });
}
