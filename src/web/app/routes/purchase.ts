import { msg } from "@lingui/core/macro";
import { lazyScreen } from "../lazy-screen";
import type { AppRoute } from "../route-types";
import { crud } from "./route-builders";

/** The Purchase area of the sidebar (SPEC section 2). */
export const purchaseRoutes: readonly AppRoute[] = [
  ...crud({
    name: "supplier",
    path: "purchase/supplier",
    model: "supplier",
    area: "purchase",
    plural: msg`Suppliers`,
    singular: msg`Supplier`,
    list: lazyScreen(() => import("../../features/purchase/supplier/supplier-list")),
    form: lazyScreen(() => import("../../features/purchase/supplier/supplier-form")),
  }),
  ...crud({
    name: "purchase",
    path: "purchase/purchase",
    model: "purchase",
    area: "purchase",
    plural: msg`Purchases`,
    singular: msg`Purchase`,
    list: lazyScreen(() => import("../../features/purchase/purchase/purchase-list")),
    form: lazyScreen(() => import("../../features/purchase/purchase/purchase-form")),
    view: lazyScreen(() => import("../../features/purchase/purchase/purchase-view")),
  }),
  ...crud({
    name: "purchase-return",
    path: "purchase/purchase-return",
    model: "purchasereturn",
    area: "purchase",
    plural: msg`Purchase Returns`,
    singular: msg`Purchase Return`,
    list: lazyScreen(() => import("../../features/purchase/purchase-return/purchase-return-list")),
    form: lazyScreen(() => import("../../features/purchase/purchase-return/purchase-return-form")),
    view: lazyScreen(() => import("../../features/purchase/purchase-return/purchase-return-view")),
  }),
];
