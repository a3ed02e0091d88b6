import { Suspense } from "react";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { registerNavigate } from "../lib/navigate";
import { bootOffline } from "../offline/boot";
import { lazyChunk, lazyScreen, preloadScreen } from "./lazy-screen";
import { pathFor } from "./route-paths";
import { RouteError } from "./route-error";
import { ROOT_PATH } from "./root-screen";
import { RouteScreen, ScreenFallback } from "./route-screen";
import { LOGIN_ROUTE, SHELL_ROUTES } from "./route-table";
import type { AppRoute } from "./route-types";

const LoginPage = lazyScreen(() => import("../features/auth/login-page"));
/**
 * The shell (top bar, sidebar, sync status) is a chunk of its own: the sign-in page, the first screen
 * of a new device, loads none of it (DESIGN section 6 budget).
 */
const shellLayout = lazyChunk(() => import("./shell-layout").then((module) => ({ default: module.ShellLayout })));
const ShellLayout = shellLayout.Component;

const loginRoute: AppRoute = { ...LOGIN_ROUTE, permissions: [], ownStyle: true, screen: LoginPage };

function toRouteObject(route: AppRoute): RouteObject {
  const element = <RouteScreen route={route} />;
  const handle: ScreenHandle = {
    name: route.name,
    title: route.title,
    permissions: route.permissions,
    screen: route.screen,
    withoutOutbox: Boolean(route.withoutOutbox),
  };
  // Each screen has its own error element so a broken screen keeps the shell around it.
  const errorElement = <RouteError />;
  return route.path === "" ? { index: true, element, handle, errorElement } : { path: route.path, element, handle, errorElement };
}

/** The shell's route: every screen but the sign-in page is its child. */
const SHELL_ID = "shell";

function appRoutes(screens: RouteObject[]): RouteObject[] {
  return [
    { path: `/${LOGIN_ROUTE.path}`, element: <RouteScreen route={loginRoute} />, errorElement: <RouteError />, handle: { name: "login" } },
    {
      id: SHELL_ID,
      path: "/",
      element: (
        <Suspense fallback={<ScreenFallback />}>
          <ShellLayout />
        </Suspense>
      ),
      errorElement: <RouteError />,
      children: [
        ...screens,
        // Unknown paths end on the route named not-found (SPEC: the fallback).
        { path: "*", element: <Navigate to={pathFor("not-found")} replace /> },
      ],
    },
  ];
}

/** What a route carries for the shell (useMatches) and for the router's start. */
interface ScreenHandle {
  name: string;
  title: AppRoute["title"];
  permissions: readonly string[];
  screen: AppRoute["screen"];
  withoutOutbox: boolean;
}

/**
 * The router, and the promise that the chunks of the URL being opened (the shell, its screen) are here:
 * start-app.tsx renders once they are, so the first render draws the screen, not its fallback first.
 */
export function createAppRouter(): { router: ReturnType<typeof createBrowserRouter>; arrived: Promise<void> } {
  // React Router flattens and ranks every route when it is made (20 to 60 ms of one task on a phone,
  // before the first screen). The installed app opens at / (app/root-screen.ts): there the router starts with the
  // dashboard's route alone, and the other screens are added at the first navigation, which matches
  // the catch-all until then (React Router asks patchRoutesOnNavigation for a better match).
  const screens = SHELL_ROUTES.map(toRouteObject);
  const atRoot = window.location.pathname === ROOT_PATH;
  let later = atRoot ? screens.filter((route) => !route.index) : [];
  const router = createBrowserRouter(appRoutes(atRoot ? screens.filter((route) => route.index) : screens), {
    patchRoutesOnNavigation: ({ patch }) => {
      if (later.length === 0) return;
      patch(SHELL_ID, later);
      later = [];
    },
  });
  registerNavigate((to, options) => void router.navigate(to, options));
  // The screen of the URL being opened downloads now, beside the shell, instead of after the shell
  // has rendered and reached it (one round trip less before the first screen), and so does
  // the offline layer when that screen waits for it.
  const arriving: Promise<void>[] = [];
  for (const match of router.state.matches) {
    // The route at "/" is the shell's (every screen but the sign-in page is under it).
    if (match.route.path === "/") arriving.push(shellLayout.arrived());
    const handle = match.route.handle as ScreenHandle | undefined;
    if (!handle) continue;
    arriving.push(preloadScreen(handle.screen));
    if (!handle.withoutOutbox) void bootOffline();
  }
  return { router, arrived: Promise.all(arriving).then(() => undefined) };
}
