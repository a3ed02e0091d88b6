import { msg } from "@lingui/core/macro";
import type { AppRoute } from "./route-types";
import { AREA_ROUTES } from "./routes/areas";
import { shellRoutes } from "./routes/shell";

/** The route table of SPEC section 2: every screen under the shell layout (one file per area in routes/). */
export const SHELL_ROUTES: readonly AppRoute[] = [...shellRoutes, ...AREA_ROUTES];

/** Public routes outside the shell. */
export const LOGIN_ROUTE = { name: "login", path: "login", title: msg`Sign in` } as const;
