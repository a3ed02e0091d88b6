import { sql } from "drizzle-orm";
import { queryRows } from "../../../src/server/db/client";
import { baseCurrencyId } from "../../../src/server/modules/documents/currency-context";
import type { OfflineDb } from "../../../src/web/offline/db";
import { createFetchTransport } from "../../../src/web/offline/http-transport";
import { ReferenceSync } from "../../../src/web/offline/reference-sync";
import { stockRowsById } from "../../../src/web/offline/stock-store";
import { inventoriesOf } from "../../api/stock-documents/helpers";
import { newDeviceDb, VIRTUAL_BASE, type FaultServer } from "./fault-server";

/** Before each case: the server up again, no faults or hooks left from the last case, the POST count at 0. */
export async function resetFaultServer(fs: FaultServer): Promise<void> {
  if (!fs.running) await fs.restart();
  fs.faults = [];
  fs.beforePost = null;
  fs.afterPost = null;
  fs.posts = 0;
}

/** Where a device of the branch sells: the branch's first inventory, its first customer, the base currency. */
export async function sellingPlace(fs: FaultServer, branch: number): Promise<{ inventory: number; customer: number; currency: number }> {
  const [inventory] = await inventoriesOf(fs.t, branch);
  const [row] = await queryRows<{ id: number }>(
    fs.t.db,
    sql`select id from customer where branch_id = ${branch} and deleted_at is null order by id limit 1`,
  );
  return { inventory, customer: row.id, currency: await baseCurrencyId(fs.t.db) };
}

/** A tablet: its database, outbox and pull on the fault proxy, signed in with the token and user id it is given. */
export function tablet(fs: FaultServer, getToken: () => string, getUserId: () => number, options: { db?: OfflineDb } = {}) {
  const db = options.db ?? newDeviceDb();
  let online = true;
  const outbox = fs.newOutbox(db, getToken, getUserId, { isOnline: () => online });
  const pull = new ReferenceSync({
    db,
    transport: createFetchTransport({ baseUrl: VIRTUAL_BASE, getToken, fetch: fs.fetch }),
    getUserId,
  });
  const cached = async (stockId: number) => Number((await stockRowsById(db, [stockId])).get(stockId)?.quantity);
  return { db, outbox, pull, cached, setOnline: (value: boolean) => (online = value) };
}
