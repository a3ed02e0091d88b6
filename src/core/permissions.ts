/** The permission rule of SPEC section 6, shared by the server's route guards and the web app's navigation. */

export interface PermissionHolder {
  is_superuser: boolean;
  permissions: readonly string[];
}

/** Passes when no code is required, the holder is a superuser, or holds any one of the codes. */
export function hasAnyPermission(holder: PermissionHolder | null | undefined, codes: readonly string[]): boolean {
  if (codes.length === 0) return true;
  if (!holder) return false;
  if (holder.is_superuser) return true;
  return codes.some((code) => holder.permissions.includes(code));
}

/** Django-style codes: view_, add_, change_, delete_ + model name (lower case, no separators). */
export type PermissionAction = "view" | "add" | "change" | "delete";
export const permissionCode = (action: PermissionAction, model: string) => `${action}_${model}`;

/** Extra codes of SPEC section 6 that do not follow the action_model pattern. */
export const EXTRA_PERMISSION_CODES = [
  "report_view_profit",
  "report_view_expired_item",
  "report_view_min_quantity_item",
  "view_cashbox_detail_account_statement",
  "view_supplier_account_statement",
  "view_customer_account_statement",
  "item_create",
  "report_view_financial_statements",
] as const;

/**
 * Who may see what goods cost (an item's purchase price and profit percentage, a stock row's purchase
 * price): the screens that already show it (the purchase and purchase-return documents, which are priced
 * at cost; the stock and item lists; damaged stock, valued at cost). A sale or a quotation alone does not.
 */
export const COST_VIEW_CODES = [
  "view_purchase",
  "add_purchase",
  "change_purchase",
  "view_purchasereturn",
  "add_purchasereturn",
  "change_purchasereturn",
  "view_stock",
  "view_item",
  "view_damagedstock",
  "add_damagedstock",
  "change_damagedstock",
] as const;
