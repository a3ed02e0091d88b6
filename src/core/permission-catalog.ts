/**
 * Where each permission code belongs, for the permission matrix (by area and model) and the
 * `user/permissions/` answer. The codes themselves are listed by the server (permission-sets.ts);
 * a code this file does not know still shows, under the area "other".
 */
import type { PermissionAction } from "./permissions";

export type PermissionArea = "stock" | "purchase" | "sale" | "accounting" | "report" | "hr" | "setting" | "other";

export const PERMISSION_AREAS: readonly PermissionArea[] = ["stock", "purchase", "sale", "accounting", "report", "hr", "setting", "other"];

export const MATRIX_ACTIONS: readonly PermissionAction[] = ["view", "add", "change", "delete"];

const MODEL_AREA: Record<string, PermissionArea> = {
  measurement: "stock",
  itemgroup: "stock",
  itemsubgroup: "stock",
  item: "stock",
  city: "stock",
  stock: "stock",
  inventorystocktransfer: "stock",
  damagedstocktype: "stock",
  damagedstock: "stock",
  supplier: "purchase",
  purchase: "purchase",
  purchasereturn: "purchase",
  customer: "sale",
  sale: "sale",
  saledetail: "sale",
  salereturn: "sale",
  salereturndetail: "sale",
  salequotation: "sale",
  salepremium: "sale",
  exchangerate: "accounting",
  expensetype: "accounting",
  expense: "accounting",
  incometype: "accounting",
  income: "accounting",
  cashbox: "accounting",
  cashboxtransfer: "accounting",
  cashboxmoneyconversion: "accounting",
  cashboxadjustment: "accounting",
  payment: "accounting",
  receipt: "accounting",
  sale_debit_invoice: "accounting",
  capital: "accounting",
  openingbalance: "accounting",
  accountstatement: "accounting",
  account: "accounting",
  periodlock: "accounting",
  report: "report",
  position: "hr",
  employee: "hr",
  employeecontract: "hr",
  payroll: "hr",
  print: "setting",
  user: "setting",
  partner: "setting",
  branch: "setting",
  inventory: "setting",
  setting: "setting",
  audit: "setting",
  auditlog: "setting",
};

/** SPEC section 6's codes outside the action_model pattern: the model row they sit on. */
const EXTRA_CODE_MODEL: Record<string, string> = {
  report_view_profit: "report",
  report_view_expired_item: "report",
  report_view_min_quantity_item: "report",
  view_cashbox_detail_account_statement: "accountstatement",
  view_supplier_account_statement: "accountstatement",
  view_customer_account_statement: "accountstatement",
  item_create: "item",
  report_view_financial_statements: "report",
};

export interface PermissionInfo {
  code: string;
  area: PermissionArea;
  model: string;
  /** view/add/change/delete for a matrix column, or "extra" for a code of its own. */
  action: PermissionAction | "extra";
}

const ACTION_CODE = /^(view|add|change|delete)_(.+)$/;

export function describePermission(code: string): PermissionInfo {
  const extraModel = EXTRA_CODE_MODEL[code];
  if (extraModel) return { code, area: MODEL_AREA[extraModel] ?? "other", model: extraModel, action: "extra" };
  const match = ACTION_CODE.exec(code);
  if (match) {
    const model = match[2];
    const area = MODEL_AREA[model];
    // add_itemgroup is both a matrix cell and a quick-create code of SPEC section 6: the cell wins.
    if (area) return { code, area, model, action: match[1] as PermissionAction };
  }
  return { code, area: "other", model: code, action: "extra" };
}
