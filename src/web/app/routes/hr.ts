import { msg } from "@lingui/core/macro";
import { lazyScreen } from "../lazy-screen";
import type { AppRoute } from "../route-types";
import { crud, page } from "./route-builders";

/** The HR area of the sidebar (SPEC section 2). */
export const hrRoutes: readonly AppRoute[] = [
  ...crud({
    name: "position",
    path: "hr/position",
    model: "position",
    area: "hr",
    plural: msg`Positions`,
    singular: msg`Position`,
    list: lazyScreen(() => import("../../features/hr/position/position-list")),
    form: lazyScreen(() => import("../../features/hr/position/position-form")),
  }),
  ...crud({
    name: "employee",
    path: "hr/employee",
    model: "employee",
    area: "hr",
    plural: msg`Employees`,
    singular: msg`Employee`,
    list: lazyScreen(() => import("../../features/hr/employee/employee-list")),
    form: lazyScreen(() => import("../../features/hr/employee/employee-form")),
    view: lazyScreen(() => import("../../features/hr/employee/employee-view")),
  }),
  ...crud({
    name: "employee-contract",
    path: "hr/employee-contract",
    model: "employeecontract",
    area: "hr",
    plural: msg`Employee Contracts`,
    singular: msg`Employee Contract`,
    list: lazyScreen(() => import("../../features/hr/contract/contract-list")),
    form: lazyScreen(() => import("../../features/hr/contract/contract-form")),
    view: lazyScreen(() => import("../../features/hr/contract/contract-view")),
  }),
  ...crud({
    name: "payroll",
    path: "hr/payroll",
    model: "payroll",
    area: "hr",
    plural: msg`Payrolls`,
    singular: msg`Payroll`,
    list: lazyScreen(() => import("../../features/hr/payroll/payroll-list")),
    form: lazyScreen(() => import("../../features/hr/payroll/payroll-form")),
    view: lazyScreen(() => import("../../features/hr/payroll/payroll-view")),
  }),
  page(
    "hr-payroll-list",
    "hr/payroll-list",
    msg`Payroll List`,
    ["view_employeecontract"],
    "hr",
    lazyScreen(() => import("../../features/hr/payroll-sheet/payroll-sheet-page")),
  ),
  // Not in SPEC's route list: advances are paid and recovered under the payroll codes.
  ...crud({
    name: "salary-advance",
    path: "hr/salary-advance",
    model: "payroll",
    area: "hr",
    plural: msg`Salary Advances`,
    singular: msg`Salary Advance`,
    list: lazyScreen(() => import("../../features/hr/advance/advance-list")),
    form: lazyScreen(() => import("../../features/hr/advance/advance-form")),
    view: lazyScreen(() => import("../../features/hr/advance/advance-view")),
  }),
];
