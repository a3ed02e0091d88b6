import { msg } from "@lingui/core/macro";
import { lazyScreen } from "../lazy-screen";
import type { AppRoute } from "../route-types";
import { page } from "./route-builders";

/** The Reports area of the sidebar (SPEC section 2). */
export const reportRoutes: readonly AppRoute[] = [
  page(
    "report-customer-stock-statement",
    "report/customer-stock-statement",
    msg`Customer Stock Statement`,
    ["view_customer"],
    "report",
    lazyScreen(() => import("../../features/report/customer-stock-statement/customer-stock-statement-report")),
  ),
  page(
    "report-profit",
    "report/profit",
    msg`Gross Profit`,
    ["report_view_profit"],
    "report",
    lazyScreen(() => import("../../features/report/profit/profit-page")),
  ),
  page(
    "report-sale-detail",
    "report/sale-detail",
    msg`Sale Detail`,
    ["view_saledetail"],
    "report",
    lazyScreen(() => import("../../features/report/sale-detail/sale-detail-page")),
  ),
  page(
    "report-sale-return-detail",
    "report/sale-return-detail",
    msg`Sale Return Detail`,
    ["view_salereturndetail"],
    "report",
    lazyScreen(() => import("../../features/report/sale-detail/sale-return-detail-page")),
  ),
  page(
    "report-expired-item",
    "report/expired-item",
    msg`Expired Items`,
    ["report_view_expired_item"],
    "report",
    lazyScreen(() => import("../../features/report/expired-item/expired-item-report")),
  ),
  page(
    "report-min-quantity-item",
    "report/min-quantity-item",
    msg`Minimum Quantity Items`,
    ["report_view_min_quantity_item"],
    "report",
    lazyScreen(() => import("../../features/report/min-quantity-item/min-quantity-item-report")),
  ),
  page(
    "report-sale-premium",
    "report/sale-premium",
    msg`Sale Premiums`,
    ["view_salepremium"],
    "report",
    lazyScreen(() => import("../../features/report/sale-premium/sale-premium-report")),
  ),
  page(
    "report-trial-balance",
    "report/trial-balance",
    msg`Trial Balance`,
    ["report_view_financial_statements"],
    "report",
    lazyScreen(() => import("../../features/report/trial-balance/trial-balance-page")),
  ),
  page(
    "report-general-ledger",
    "report/general-ledger",
    msg`General Ledger`,
    ["report_view_financial_statements"],
    "report",
    lazyScreen(() => import("../../features/report/general-ledger/general-ledger-page")),
  ),
  page(
    "report-profit-and-loss",
    "report/profit-and-loss",
    msg`Profit and Loss`,
    ["report_view_financial_statements"],
    "report",
    lazyScreen(() => import("../../features/report/profit-and-loss/profit-and-loss-page")),
  ),
  page(
    "report-balance-sheet",
    "report/balance-sheet",
    msg`Balance Sheet`,
    ["report_view_financial_statements"],
    "report",
    lazyScreen(() => import("../../features/report/balance-sheet/balance-sheet-page")),
  ),
];
