import { useLingui } from "@lingui/react";
import { useAtomValue } from "jotai";
import { Suspense, use, useEffect, type ReactNode } from "react";
import { Navigate } from "react-router";
import { storedUserAtom } from "../lib/app-state";
import { NeedsChakra } from "../lib/chakra-on-demand";
import { bootOffline } from "../offline/boot";
import { screenCommitted } from "./first-screen";
import { decideNavigation } from "./navigation-rule";
import { pathFor } from "./route-paths";
import { translateTitle } from "./route-title";
import type { AppRoute } from "./route-types";
import { RecordRouteProvider } from "../components/record-route";

/** A screen on its way (its chunk, the offline runtime or Chakra's theme system): shell.css's spinner. */
export function ScreenFallback() {
  return (
    <div className="shell-spinner" role="presentation">
      <span />
    </div>
  );
}

/** Waits for the offline runtime, so no screen keys a document without the outbox. */
function OfflineReady({ children }: { children: ReactNode }) {
  use(bootOffline());
  return children;
}

/** Tells first-screen.ts that a screen has committed. */
function ScreenShown() {
  useEffect(screenCommitted, []);
  return null;
}

/**
 * Applies SPEC's navigation rule to one route, sets the document title, then shows its lazy screen,
 * under Chakra unless the route draws with its own style sheet (`ownStyle`), and once the offline layer
 * runs unless the route does without it (`withoutOutbox`): the dashboard needs neither.
 */
export function RouteScreen({ route }: { route: AppRoute }) {
  const { i18n } = useLingui();
  const user = useAtomValue(storedUserAtom);
  const decision = decideNavigation(user, route.permissions, translateTitle(i18n, route.title));

  const documentTitle = decision.kind === "show" ? decision.documentTitle : null;

  useEffect(() => {
    if (documentTitle) document.title = documentTitle;
  }, [documentTitle]);

  if (decision.kind === "redirect") return <Navigate to={pathFor(decision.to)} replace />;
  const Screen = route.screen;
  const shown = (
    <RecordRouteProvider value={route.record ?? null}>
      <Screen />
      <ScreenShown />
    </RecordRouteProvider>
  );
  const screen = <Suspense fallback={<ScreenFallback />}>{route.withoutOutbox ? shown : <OfflineReady>{shown}</OfflineReady>}</Suspense>;
  return route.ownStyle ? screen : <NeedsChakra fallback={<ScreenFallback />}>{screen}</NeedsChakra>;
}
