import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { I18n } from "@lingui/core";
import { fieldTitle } from "./audit-record";

/** What happened, as the audit trail names it (audit.service.ts). */
export const AUDIT_ACTIONS: Record<string, MessageDescriptor> = {
  create: msg`Created`,
  edit: msg`Edited`,
  delete: msg`Deleted`,
  approve: msg`Approved`,
  "sign-in": msg`Signed in`,
  "sign-out": msg`Signed out`,
  lockout: msg`Sign-in locked`,
  "lockout-end": msg`Sign-in unlocked`,
};

/** The kinds of record the trail names (table names), for the screens' filters and rows. */
export const AUDIT_RECORD_TYPES: Record<string, MessageDescriptor> = {
  sale: msg`Sale`,
  sale_return: msg`Sale Return`,
  sale_quotation: msg`Sale Quotation`,
  purchase: msg`Purchase`,
  purchase_return: msg`Purchase Return`,
  inventory_stock_transfer: msg`Inventory Stock Transfer`,
  damaged_stock: msg`Damaged Stock`,
  receipt: msg`Receipt`,
  payment: msg`Payment`,
  expense: msg`Expense`,
  income: msg`Income`,
  cashbox_transfer: msg`Cashbox Transfer`,
  cashbox: msg`Cashbox`,
  item: msg`Item`,
  item_group: msg`Item Group`,
  item_subgroup: msg`Item Subgroup`,
  measurement: msg`Measurement`,
  city: msg`City`,
  customer: msg`Customer`,
  supplier: msg`Supplier`,
  partner: msg`Partner`,
  exchange_rate: msg`Exchange Rate`,
  currency: msg`Currency`,
  expense_type: msg`Expense Type`,
  income_type: msg`Income Type`,
  damaged_stock_type: msg`Damaged Stock Type`,
  branch: msg`Branch`,
  inventory: msg`Inventory`,
  print_info: msg`Print Information`,
  setting: msg`Settings`,
  app_user: msg`User`,
  auth_group: msg`Role`,
  position: msg`Position`,
  employee: msg`Employee`,
  employee_contract: msg`Employee Contract`,
  payroll: msg`Payroll`,
  salary_advance: msg`Salary Advance`,
};

/** Translated name of an action (one the app does not know shows as words). */
export const auditActionLabel = (i18n: I18n, action: string) =>
  AUDIT_ACTIONS[action] ? i18n._(AUDIT_ACTIONS[action]) : fieldTitle(action);

/** Translated name of a record type (table name). */
export const auditRecordTypeLabel = (i18n: I18n, type: string) =>
  AUDIT_RECORD_TYPES[type] ? i18n._(AUDIT_RECORD_TYPES[type]) : fieldTitle(type);
