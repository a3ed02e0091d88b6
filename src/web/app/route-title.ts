import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { RouteTitle } from "./route-types";

const ACTIONS = {
  add: (entity: string) => msg`Add ${entity}`,
  edit: (entity: string) => msg`Edit ${entity}`,
  view: (entity: string) => msg`View ${entity}`,
};

/** The route title in the active language, or null for an untitled route. */
export function translateTitle(i18n: I18n, title: RouteTitle | undefined): string | null {
  if (!title) return null;
  if ("action" in title) return i18n._(ACTIONS[title.action](i18n._(title.entity)));
  return i18n._(title);
}
