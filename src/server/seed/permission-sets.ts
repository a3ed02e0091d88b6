import { EXTRA_PERMISSION_CODES, permissionCode, type PermissionAction } from "../../core/permissions";

/** Every model with Django-style view/add/change/delete codes (SPEC sections 2 and 6). */
export const MODELS = [
  "measurement",
  "itemgroup",
  "itemsubgroup",
  "item",
  "city",
  "stock",
  "inventorystocktransfer",
  "damagedstocktype",
  "damagedstock",
  "supplier",
  "purchase",
  "purchasereturn",
  "customer",
  "sale",
  "saledetail",
  "salereturn",
  "salereturndetail",
  "salequotation",
  "salepremium",
  "exchangerate",
  "expensetype",
  "expense",
  "incometype",
  "income",
  "cashbox",
  "cashboxtransfer",
  "cashboxmoneyconversion",
  "cashboxadjustment",
  "payment",
  "receipt",
  "sale_debit_invoice",
  "capital",
  "openingbalance",
  "account",
  "periodlock",
  "position",
  "employee",
  "employeecontract",
  "payroll",
  "print",
  "user",
  "partner",
  "branch",
  "inventory",
  "setting",
  "auditlog",
] as const;

const ACTIONS: PermissionAction[] = ["view", "add", "change", "delete"];

export const ALL_CODES: string[] = [
  ...MODELS.flatMap((model) => ACTIONS.map((action) => permissionCode(action, model))),
  ...EXTRA_PERMISSION_CODES,
];

const codesFor = (models: readonly string[], actions: PermissionAction[] = ACTIONS) =>
  models.flatMap((model) => actions.map((action) => permissionCode(action, model)));

/** Runs the business day to day: everything but users and HR. */
export const MANAGER_CODES = ALL_CODES.filter((code) => !/_(user|position|employee|employeecontract|payroll)$/.test(code));

export const HR_CODES = codesFor(["position", "employee", "employeecontract", "payroll"]);

/** SPEC: view/add sale, view/add customer, view stock; nothing on item groups. */
export const CASHIER_CODES = ["view_sale", "add_sale", "view_customer", "add_customer", "view_stock"];
