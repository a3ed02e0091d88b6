import { hasAnyPermission, type PermissionHolder } from "../../core/permissions";

export const PRODUCT_NAME = "Back Office";

export type NavigationDecision = { kind: "redirect"; to: "not-found" } | { kind: "show"; documentTitle: string };

/**
 * SPEC section 2 navigation rule: a route with a non-empty permission list that the user does not pass
 * (not superuser, none of the codes) goes to the route named not-found; otherwise the page title is
 * the translated route title, or the product name when the route has none.
 */
export function decideNavigation(
  user: PermissionHolder | null,
  permissions: readonly string[],
  translatedTitle: string | null,
): NavigationDecision {
  if (permissions.length > 0 && !hasAnyPermission(user, permissions)) return { kind: "redirect", to: "not-found" };
  return { kind: "show", documentTitle: translatedTitle || PRODUCT_NAME };
}
