import { msg } from "@lingui/core/macro";
import { lazyScreen } from "../lazy-screen";
import type { AppRoute } from "../route-types";
import { crud, page } from "./route-builders";

/** The Sale area of the sidebar (SPEC section 2). */
export const saleRoutes: readonly AppRoute[] = [
  ...crud({
    name: "customer",
    path: "sale/customer",
    model: "customer",
    area: "sale",
    plural: msg`Customers`,
    singular: msg`Customer`,
    list: lazyScreen(() => import("../../features/sale/customer/customer-list")),
    form: lazyScreen(() => import("../../features/sale/customer/customer-form")),
  }),
  ...crud({
    name: "sale",
    path: "sale/sale",
    model: "sale",
    area: "sale",
    plural: msg`Sales`,
    singular: msg`Sale`,
    list: lazyScreen(() => import("../../features/sale/sale/sale-list")),
    form: lazyScreen(() => import("../../features/sale/sale/sale-form")),
    // Also shows a sale saved offline, as /sale/sale/pending-<outbox entry>/view.
    view: lazyScreen(() => import("../../features/sale/sale/sale-view")),
  }),
  // The cashier's counter, beside the sale form (which stays for back-office edits).
  page(
    "sale-pos",
    "sale/pos",
    msg`Counter`,
    ["add_sale"],
    "sale",
    lazyScreen(() => import("../../features/sale/counter/counter-screen")),
  ),
  // SPEC: /:id/extra needs change_sale and add_sale; whether both are needed is not shown, so either passes.
  page(
    "sale-extra",
    "sale/sale/:id/extra",
    msg`Extra Sale Material`,
    ["change_sale", "add_sale"],
    undefined,
    lazyScreen(() => import("../../features/sale/sale/sale-extra")),
  ),
  ...crud({
    name: "sale-return",
    path: "sale/sale-return",
    model: "salereturn",
    area: "sale",
    plural: msg`Sale Returns`,
    singular: msg`Sale Return`,
    list: lazyScreen(() => import("../../features/sale/sale-return/sale-return-list")),
    form: lazyScreen(() => import("../../features/sale/sale-return/sale-return-form")),
    view: lazyScreen(() => import("../../features/sale/sale-return/sale-return-view")),
  }),
  ...crud({
    name: "sale-quotation",
    path: "sale/sale-quotation",
    model: "salequotation",
    area: "sale",
    plural: msg`Sale Quotations`,
    singular: msg`Sale Quotation`,
    list: lazyScreen(() => import("../../features/sale/sale-quotation/sale-quotation-list")),
    form: lazyScreen(() => import("../../features/sale/sale-quotation/sale-quotation-form")),
    view: lazyScreen(() => import("../../features/sale/sale-quotation/sale-quotation-view")),
  }),
];
