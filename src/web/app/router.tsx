import { lazy, Suspense } from "react";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { registerNavigate } from "../lib/navigate";
import { lazyScreen, preloadScreen } from "./lazy-screen";
import { pathFor } from "./route-paths";
import { RouteError } from "./route-error";
import { RouteScreen, ScreenFallback } from "./route-screen";
import { LOGIN_ROUTE, SHELL_ROUTES } from "./route-table";
import type { AppRoute } from "./route-types";

const LoginPage = lazyScreen(() => import("../features/auth/login-page"));
/**
 * The shell (top bar, sidebar, sync status, with the offline runtime under it) is a chunk of its own:
 * the sign-in page, the first screen of a new device, loads none of it (DESIGN section 6 budget).
 */
const ShellLayout = lazy(() => import("./shell-layout").then((module) => ({ default: module.ShellLayout })));

const loginRoute: AppRoute = { ...LOGIN_ROUTE, permissions: [], ownStyle: true, screen: LoginPage };

function toRouteObject(route: AppRoute): RouteObject {
  const element = <RouteScreen route={route} />;
  const handle: ScreenHandle = { name: route.name, title: route.title, permissions: route.permissions, screen: route.screen };
  // Each screen has its own error element so a broken screen keeps the shell around it.
  const errorElement = <RouteError />;
  return route.path === "" ? { index: true, element, handle, errorElement } : { path: route.path, element, handle, errorElement };
}

export const routes: RouteObject[] = [
  { path: `/${LOGIN_ROUTE.path}`, element: <RouteScreen route={loginRoute} />, errorElement: <RouteError />, handle: { name: "login" } },
  {
    path: "/",
    element: (
      <Suspense fallback={<ScreenFallback />}>
        <ShellLayout />
      </Suspense>
    ),
    errorElement: <RouteError />,
    children: [
      ...SHELL_ROUTES.map(toRouteObject),
      // Unknown paths end on the route named not-found (SPEC: the fallback).
      { path: "*", element: <Navigate to={pathFor("not-found")} replace /> },
    ],
  },
];

/** What a route carries for the shell (useMatches) and for the router's start. */
interface ScreenHandle {
  name: string;
  title: AppRoute["title"];
  permissions: readonly string[];
  screen: AppRoute["screen"];
}

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  registerNavigate((to, options) => void router.navigate(to, options));
  // The screen of the URL being opened downloads now, beside the shell, instead of after the shell
  // has rendered and reached it (one round trip less before the first screen, issue 12).
  for (const match of router.state.matches) {
    const handle = match.route.handle as ScreenHandle | undefined;
    if (handle) preloadScreen(handle.screen);
  }
  return router;
}
