import type { RowKey } from "../../offline/sync-tables";
import { refId } from "../table/ref-value";

/** A customer as the selectors hold it: a cached row (branch_id) or the server's all/ (branch). */
export interface CustomerOption {
  id: RowKey;
  is_general?: boolean;
  branch_id?: number | null;
  branch?: unknown;
}

const branchOf = (customer: CustomerOption): number | null => customer.branch_id ?? refId(customer.branch);

/**
 * The customer a new sale or quotation starts with: the general customer of its branch (each branch
 * has its own; another branch's is refused by the server). When the branch changes, a form still on a
 * general customer moves to the new branch's; a customer the user picked stays.
 */
export function defaultCustomer(customers: readonly CustomerOption[], branch: number | null, current: RowKey | null): RowKey | null {
  const general = customers.find((c) => c.is_general === true && branchOf(c) === branch);
  if (!general) return current;
  if (current === null) return general.id;
  const onGeneral = customers.some((c) => c.id === current && c.is_general === true);
  return onGeneral ? general.id : current;
}
