import { Center, Spinner } from "@chakra-ui/react";
import { useLingui } from "@lingui/react";
import { useAtomValue } from "jotai";
import { Suspense, useEffect } from "react";
import { Navigate } from "react-router";
import { storedUserAtom } from "../lib/app-state";
import { decideNavigation } from "./navigation-rule";
import { pathFor } from "./route-paths";
import { translateTitle } from "./route-title";
import type { AppRoute } from "./route-types";

export function ScreenFallback() {
  return (
    <Center py="16">
      <Spinner size="lg" color="brand.solid" />
    </Center>
  );
}

/** Applies SPEC's navigation rule to one route, sets the document title, then shows its lazy screen. */
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
  return (
    <Suspense fallback={<ScreenFallback />}>
      <Screen />
    </Suspense>
  );
}
