import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { DISPLAY_DATE, DISPLAY_DATE_TIME, formatDate } from "../../../core/dates";
import { changeEntries, fieldTitle, valueText, type AuditRow } from "./audit-record";

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

/**
 * The columns a person edits, named as the forms name them, so a record's history reads in the
 * user's language. A column not listed (a new one) still shows, as words from its name.
 */
const AUDIT_FIELDS: Record<string, MessageDescriptor> = {
  name: msg`Name`,
  code: msg`Code`,
  note: msg`Note`,
  notes: msg`Notes`,
  memo: msg`Note`,
  description: msg`Description`,
  phone: msg`Phone`,
  address: msg`Address`,
  email: msg`Email`,
  input_date: msg`Date`,
  entry_date: msg`Date`,
  invoice_no: msg`Invoice No.`,
  supplier_invoice_no: msg`Supplier Invoice No.`,
  exchange_rate: msg`Exchange Rate`,
  rate: msg`Exchange Rate`,
  branch_id: msg`Branch`,
  default_branch_id: msg`Branch`,
  default_inventory_id: msg`Default inventory`,
  cashbox_id: msg`Cashbox`,
  from_cashbox_id: msg`From Cashbox`,
  to_cashbox_id: msg`To Cashbox`,
  currency_id: msg`Currency`,
  from_currency_id: msg`From Currency`,
  to_currency_id: msg`To Currency`,
  customer_id: msg`Customer`,
  supplier_id: msg`Supplier`,
  partner_id: msg`Partner`,
  item_id: msg`Item`,
  inventory_id: msg`Inventory`,
  from_inventory_id: msg`From Inventory`,
  to_inventory_id: msg`To Inventory`,
  item_group_id: msg`Item Group`,
  item_subgroup_id: msg`Item Subgroup`,
  measurement_id: msg`Measurement`,
  packet_measurement_id: msg`Packet Measurement`,
  per_packet_quantity: msg`Per Packet Quantity`,
  city_id: msg`City`,
  employee_id: msg`Employee`,
  position_id: msg`Position`,
  expense_type_id: msg`Expense Type`,
  income_type_id: msg`Income Type`,
  damaged_stock_type_id: msg`Damaged Stock Type`,
  total_price: msg`Total Price`,
  paid_amount: msg`Paid Amount`,
  discount: msg`Discount`,
  price: msg`Price`,
  quantity: msg`Quantity`,
  amount: msg`Amount`,
  fee: msg`Fee`,
  sale_price: msg`Sale Price`,
  purchase_price: msg`Purchase Price`,
  min_quantity: msg`Min Quantity`,
  barcode: msg`Barcode`,
  expire_date: msg`Expire Date`,
  batch_number: msg`Batch Number`,
  item_type: msg`Item Type`,
  colour: msg`Colour`,
  color: msg`Colour`,
  is_active: msg`Active`,
  approved: msg`Approved`,
  reason: msg`Reason`,
  username: msg`Username`,
  first_name: msg`First name`,
  last_name: msg`Last name`,
  password: msg`Password`,
  is_superuser: msg`Superuser`,
  payment_type: msg`Payment Type`,
  is_premium: msg`Installment Sale`,
  created_by: msg`Created By`,
  guarantor_name: msg`Guarantor Name`,
  guarantor_phone: msg`Guarantor Phone`,
  guarantor_address: msg`Guarantor Address`,
  months_count: msg`Months Count`,
  next_receipt_date: msg`Next Receipt Date`,
  premium_receipt_amount: msg`Premium Receipt Amount`,
  receipt_frequency: msg`Receipt Frequency`,
  gender: msg`Gender`,
  date_of_birth: msg`Date of Birth`,
  hire_date: msg`Hire Date`,
  start_date: msg`Start Date`,
  end_date: msg`End Date`,
  salary_amount: msg`Salary`,
  salary_structure: msg`Salary Structure`,
  net: msg`Net`,
  counted_balance: msg`Counted Balance`,
  difference: msg`Difference`,
};

/** Translated name of a column of an audited record. */
export const auditFieldLabel = (i18n: I18n, field: string) => (AUDIT_FIELDS[field] ? i18n._(AUDIT_FIELDS[field]) : fieldTitle(field));

/** A timestamp the trail stored (to_jsonb of a timestamptz): the whole ISO date and time. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** A date column's value. */
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Coded values the forms show in words. */
const AUDIT_VALUES: Record<string, MessageDescriptor> = { cash: msg`Cash`, debit: msg`Debit` };

/**
 * A stored value as the user reads it: yes/no for flags, a timestamp in the display format, a
 * reference as its number ("#12": the trail keeps ids, the record may be gone), the rest as text.
 */
export function auditValueText(i18n: I18n, field: string, value: unknown): string {
  if (value === true) return i18n._(msg`Yes`);
  if (value === false) return i18n._(msg`No`);
  if (typeof value === "string" && TIMESTAMP.test(value)) return formatDate(value, DISPLAY_DATE_TIME);
  if (typeof value === "string" && DATE.test(value)) return formatDate(value, DISPLAY_DATE);
  if (field === "payment_type" && typeof value === "string" && AUDIT_VALUES[value]) return i18n._(AUDIT_VALUES[value]);
  if (field.endsWith("_id") && typeof value === "number") return `#${value}`;
  return valueText(value);
}

/** A change's lines as the screens show them: the field's name and both values in the user's language. */
export function auditChangeLines(i18n: I18n, changes: AuditRow["changes"]) {
  return changeEntries(changes).map((entry) => ({
    field: entry.field,
    label: auditFieldLabel(i18n, entry.field),
    old: entry.isChange ? auditValueText(i18n, entry.field, entry.old) : "",
    new: auditValueText(i18n, entry.field, entry.new),
    isChange: entry.isChange,
  }));
}
