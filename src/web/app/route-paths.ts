import { generatePath } from "react-router";
import { LOGIN_ROUTE, SHELL_ROUTES } from "./route-table";

const BY_NAME = new Map<string, string>([
  [LOGIN_ROUTE.name, `/${LOGIN_ROUTE.path}`],
  ...SHELL_ROUTES.map((route): [string, string] => [route.name, `/${route.path}`]),
]);

/** Absolute path of a named route: pathFor("item-edit", { id: 5 }) -> "/stock/item/5/edit". */
export function pathFor(name: string, params: Record<string, string | number> = {}): string {
  const pattern = BY_NAME.get(name);
  if (pattern === undefined) throw new Error(`Unknown route name: ${name}`);
  const stringParams = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
  return generatePath(pattern, stringParams);
}
