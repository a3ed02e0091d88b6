import { useLingui } from "@lingui/react";
import { useAtomValue } from "jotai";
import { Suspense, useEffect } from "react";
import { Navigate } from "react-router";
import { storedUserAtom } from "../lib/app-state";
import { NeedsChakra } from "../lib/chakra-on-demand";
import { decideNavigation } from "./navigation-rule";
import { pathFor } from "./route-paths";
import { translateTitle } from "./route-title";
import type { AppRoute } from "./route-types";

/** A screen on its way (its chunk, the offline runtime or Chakra's theme system): shell.css's spinner. */
export function ScreenFallback() {
  return (
    <div className="shell-spinner" role="presentation">
      <span />
    </div>
  );
}

/**
 * Applies SPEC's navigation rule to one route, sets the document title, then shows its lazy screen,
 * under Chakra unless the route draws with its own style sheet (`ownStyle`: the dashboard).
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
  const screen = (
    <Suspense fallback={<ScreenFallback />}>
      <Screen />
    </Suspense>
  );
  return route.ownStyle ? screen : <NeedsChakra fallback={<ScreenFallback />}>{screen}</NeedsChakra>;
}
