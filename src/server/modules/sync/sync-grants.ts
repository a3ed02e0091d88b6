import { hasAnyPermission, type PermissionHolder } from "../../../core/permissions";
import { COST_CODES, SYNC_TABLES, type SyncTable } from "./sync-tables";

/**
 * Which sync tables a user gets, and in which form: `"item"` without its cost columns, `"item+cost"`
 * with them. The set travels in the pull's cursor (`p`), so the next pull sees what the device holds
 * and what the user's rights give now: a change of rights takes effect at the next pull.
 */
export interface TableGrant {
  table: SyncTable;
  cost: boolean;
}

const COST_SUFFIX = "+cost";

export const grantKey = (grant: TableGrant): string => grant.table.name + (grant.cost ? COST_SUFFIX : "");

/** The tables this user may read, each with or without its cost columns (a superuser: all, with them). */
export function grantedTables(holder: PermissionHolder): TableGrant[] {
  const cost = hasAnyPermission(holder, COST_CODES);
  const granted = SYNC_TABLES.filter((table) => hasAnyPermission(holder, table.read));
  const names = new Set(granted.map((t) => t.name));
  return (
    granted
      // A riding table travels with its parent's rows: without the parent, none of it.
      .filter((table) => !table.ridesWith || names.has(table.ridesWith.name))
      .map((table) => ({ table, cost: cost && (table.cost?.length ?? 0) > 0 }))
  );
}

/** The grant set as the cursor carries it. */
export const encodeGrants = (grants: readonly TableGrant[]): string => grants.map(grantKey).join(",");

/** What a cursor made before grants travelled in it stands for: every table, cost included (what those pulls sent). */
export const LEGACY_GRANTS = encodeGrants(SYNC_TABLES.map((table) => ({ table, cost: (table.cost?.length ?? 0) > 0 })));

/**
 * From the tables a device holds (`held`, a cursor's `p`) to those it may hold now: the tables it must
 * empty (lost, or held in another form), and the tables to pull from the start (gained, or in another
 * form). A riding table is pulled with its parent's rows only: when it is pulled again, so is its parent
 * (emptied first), and when its parent is, so is it.
 */
export function rightsChange(held: string, grants: readonly TableGrant[]): { drop: string[]; pull: string[] } {
  const heldKeys = new Set(held.split(",").filter(Boolean));
  const heldNames = new Map([...heldKeys].map((key) => [key.replace(COST_SUFFIX, ""), key]));
  const drop = new Set<string>();
  const pull = new Set<string>();
  for (const [name, key] of heldNames) {
    const now = grants.find((g) => g.table.name === name);
    if (!now || grantKey(now) !== key) drop.add(name);
  }
  for (const grant of grants) if (heldNames.get(grant.table.name) !== grantKey(grant)) pull.add(grant.table.name);
  for (let changed = true; changed;) {
    changed = false;
    for (const { table } of grants) {
      const parent = table.ridesWith?.name;
      if (!parent) continue;
      const again = (name: string) => {
        if (!pull.has(name)) changed = true;
        pull.add(name);
        if (heldNames.has(name)) drop.add(name);
      };
      if (pull.has(table.name) && !pull.has(parent)) again(parent);
      if (pull.has(parent) && !pull.has(table.name)) again(table.name);
    }
  }
  // Only names this server knows (a cursor may name a table since removed: nothing to empty of it).
  const known = (name: string) => SYNC_TABLES.some((t) => t.name === name);
  return { drop: [...drop].filter(known), pull: [...pull] };
}
