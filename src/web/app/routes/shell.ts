import { msg } from "@lingui/core/macro";
import { lazyScreen } from "../lazy-screen";
import { loadRootScreen } from "../root-screen";
import type { AppRoute } from "../route-types";

/** Shell routes with no permission. */
export const shellRoutes: readonly AppRoute[] = [
  {
    name: "dashboard",
    path: "",
    permissions: [],
    ownStyle: true,
    withoutOutbox: true,
    screen: lazyScreen(loadRootScreen),
  },
  {
    name: "profile",
    path: "profile",
    title: msg`Profile`,
    permissions: [],
    screen: lazyScreen(() => import("../../features/profile/profile-page")),
  },
  {
    name: "not-found",
    path: "not-found",
    title: msg`Page not found`,
    permissions: [],
    screen: lazyScreen(() => import("../../features/not-found/not-found-page")),
  },
];
