/** Quick-create rules of the selectors (SPEC section 5), pure so they are unit-tested. */

import type { RowKey } from "../../offline/sync-tables";

export type QuickCreateKind = "item-group" | "item-subgroup" | "city" | "supplier" | "customer";

export interface QuickCreateGate {
  /** The screen allows adding from this selector. */
  allowed: boolean;
  /** The user holds the add permission (add_itemgroup, add_city ...). */
  hasPermission: boolean;
  /** What has been typed. */
  text: string;
}

/** Shown only when allowed, permitted and something is typed. */
export function canQuickCreate({ allowed, hasPermission, text }: QuickCreateGate): boolean {
  return allowed && hasPermission && text.trim() !== "";
}

export const QUICK_CREATE_PERMISSION: Record<QuickCreateKind, string> = {
  "item-group": "add_itemgroup",
  "item-subgroup": "add_itemsubgroup",
  city: "add_city",
  supplier: "add_supplier",
  customer: "add_customer",
};

export interface QuickCreateContext {
  /** Chosen item groups (a subgroup needs exactly one). */
  groups?: readonly RowKey[];
  /** Branches for a supplier or customer. */
  branches?: readonly number[];
}

/** The POST body (without form_token), or null when nothing may be sent. */
export function quickCreateBody(kind: QuickCreateKind, text: string, context: QuickCreateContext = {}): Record<string, unknown> | null {
  const name = text.trim();
  if (name === "") return null;
  switch (kind) {
    case "item-group":
    case "city":
      return { name };
    case "item-subgroup":
      return context.groups?.length === 1 ? { name, item_group: context.groups[0] } : null;
    case "supplier":
      return { name, branches: [...(context.branches ?? [])] };
    case "customer":
      // SPEC's call table: `POST customer/ {name, branches (ids)}`; a customer belongs to one branch, the first.
      return context.branches && context.branches.length > 0 ? { name, branches: [context.branches[0]] } : null;
  }
}
