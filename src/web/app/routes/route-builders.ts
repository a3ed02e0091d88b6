import type { MessageDescriptor } from "@lingui/core";
import type { SidebarArea } from "../../lib/app-state";
import { lazyScreen } from "../lazy-screen";
import type { AppRoute, Screen } from "../route-types";

/** Every screen not built yet shows this one honest placeholder. */
export const Placeholder = lazyScreen(() => import("../../features/placeholder/placeholder-page"));

interface CrudOptions {
  /** Route name stem: "measurement" gives measurement-list, -add, -edit, -view. */
  name: string;
  path: string;
  /** Django model name for view_/add_/change_ codes, unless `codes` overrides them. */
  model: string;
  codes?: { view: string; add: string; change: string };
  plural: MessageDescriptor;
  singular: MessageDescriptor;
  area: SidebarArea;
  list?: Screen;
  form?: Screen;
  /** A printable /:id/view screen; true means the placeholder. */
  view?: Screen | true;
  /** False for records that are never edited once saved (a closed cashbox count): no /:id/edit. */
  editable?: false;
  /** The list stays short: read whole (see RecordRoute). */
  shortList?: true;
}

/** A list screen with /add and /:id/edit (and /:id/view) children, as SPEC section 2 describes. */
export function crud(o: CrudOptions): AppRoute[] {
  const codes = o.codes ?? { view: `view_${o.model}`, add: `add_${o.model}`, change: `change_${o.model}` };
  const form = o.form ?? Placeholder;
  const record = { name: o.name, path: o.path, model: o.model, plural: o.plural, singular: o.singular, shortList: o.shortList };
  const routes: AppRoute[] = [
    {
      name: `${o.name}-list`,
      path: o.path,
      title: o.plural,
      permissions: [codes.view],
      screen: o.list ?? Placeholder,
      nav: o.area,
      record,
    },
    {
      name: `${o.name}-add`,
      path: `${o.path}/add`,
      title: { action: "add", entity: o.singular },
      permissions: [codes.add],
      screen: form,
      record,
    },
  ];
  if (o.editable !== false) {
    routes.push({
      name: `${o.name}-edit`,
      path: `${o.path}/:id/edit`,
      title: { action: "edit", entity: o.singular },
      permissions: [codes.change],
      screen: form,
      record,
    });
  }
  if (o.view) {
    const screen = o.view === true ? Placeholder : o.view;
    routes.push({
      name: `${o.name}-view`,
      path: `${o.path}/:id/view`,
      title: { action: "view", entity: o.singular },
      permissions: [codes.view],
      screen,
      record,
    });
  }
  return routes;
}

const NamedRecordList = lazyScreen(() => import("../../features/named-record/named-record-list"));
const NamedRecordForm = lazyScreen(() => import("../../features/named-record/named-record-form"));

/** The routes of a record kind that is only its name (a city, an expense type): one shared list and form. */
export function namedRecord(o: Omit<CrudOptions, "list" | "form" | "view" | "codes">): AppRoute[] {
  return crud({ ...o, list: NamedRecordList, form: NamedRecordForm });
}

/** A single screen (report, statement, settings page). */
export function page(
  name: string,
  path: string,
  title: MessageDescriptor,
  permissions: readonly string[],
  area?: SidebarArea,
  screen: Screen = Placeholder,
): AppRoute {
  return { name, path, title, permissions, screen, nav: area };
}
