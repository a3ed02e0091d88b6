import { msg } from "@lingui/core/macro";
import { lazyScreen } from "../lazy-screen";
import type { AppRoute } from "../route-types";
import { crud, page } from "./route-builders";

/** The Settings area of the sidebar (SPEC section 2). */
export const settingRoutes: readonly AppRoute[] = [
  page(
    "print-setting",
    "setting/print",
    msg`Print Information`,
    ["view_print"],
    "setting",
    lazyScreen(() => import("../../features/settings/print/print-settings-page")),
  ),
  ...crud({
    name: "branch",
    path: "setting/branch",
    model: "branch",
    area: "setting",
    plural: msg`Branches`,
    singular: msg`Branch`,
    list: lazyScreen(() => import("../../features/settings/branch/branch-list")),
    form: lazyScreen(() => import("../../features/settings/branch/branch-form")),
  }),
  page(
    "settings",
    "setting/settings",
    msg`Settings`,
    ["view_setting", "change_setting"],
    "setting",
    lazyScreen(() => import("../../features/settings/settings/settings-page")),
  ),
  page(
    "import",
    "setting/import",
    msg`Import`,
    ["add_item", "add_customer", "add_supplier"],
    "setting",
    lazyScreen(() => import("../../features/settings/import/import-page")),
  ),
  page(
    "audit",
    "setting/audit",
    msg`Audit Trail`,
    ["view_auditlog"],
    "setting",
    lazyScreen(() => import("../../features/settings/audit/audit-page")),
  ),
  // The path is spelled with a dot in SPEC section 2; setting/user leads there too.
  ...crud({
    name: "user",
    path: "setting.user",
    model: "user",
    area: "setting",
    plural: msg`Users`,
    singular: msg`User`,
    list: lazyScreen(() => import("../../features/users/user-list")),
    form: lazyScreen(() => import("../../features/users/user-form")),
  }),
  page(
    "user-alias",
    "setting/user",
    msg`Users`,
    ["view_user"],
    undefined,
    lazyScreen(() => import("../../features/users/users-alias")),
  ),
  ...crud({
    name: "role",
    path: "setting/role",
    model: "user",
    area: "setting",
    plural: msg`Roles`,
    singular: msg`Role`,
    list: lazyScreen(() => import("../../features/users/role-list")),
    form: lazyScreen(() => import("../../features/users/role-form")),
  }),
  ...crud({
    name: "partner",
    path: "partner",
    model: "partner",
    area: "setting",
    plural: msg`Partners`,
    singular: msg`Partner`,
    list: lazyScreen(() => import("../../features/partner/partner-list")),
    form: lazyScreen(() => import("../../features/partner/partner-form")),
  }),
];
