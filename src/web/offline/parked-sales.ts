import type { OfflineDb } from "./db";

/**
 * Sales a cashier parked at the counter to take back later: kept on the device (Dexie's meta table), so
 * parking works offline and survives a reload. Per user: another cashier of the device does not see them.
 */
export interface ParkedSale<Draft = unknown> {
  id: string;
  parkedAt: number;
  /** What the counter shows for it (customer, lines, total). */
  label: string;
  draft: Draft;
}

const key = (userId: number | null) => `counter_parked_${userId ?? 0}`;

export async function parkedSales<Draft>(db: OfflineDb, userId: number | null): Promise<ParkedSale<Draft>[]> {
  return (await db.getMeta<ParkedSale<Draft>[]>(key(userId))) ?? [];
}

/** Parks a draft, newest first. */
export async function parkSale<Draft>(
  db: OfflineDb,
  userId: number | null,
  sale: Omit<ParkedSale<Draft>, "id" | "parkedAt">,
): Promise<ParkedSale<Draft>> {
  const parkedAt = Date.now();
  const parked = { ...sale, parkedAt, id: `${parkedAt}-${Math.random().toString(36).slice(2, 8)}` };
  await db.transaction("rw", db.meta, async () => {
    await db.setMeta(key(userId), [parked, ...(await parkedSales<Draft>(db, userId))]);
  });
  return parked;
}

/** Takes a parked sale back (it leaves the list); null when it was taken already. */
export async function takeParkedSale<Draft>(db: OfflineDb, userId: number | null, id: string): Promise<ParkedSale<Draft> | null> {
  return db.transaction("rw", db.meta, async () => {
    const all = await parkedSales<Draft>(db, userId);
    const found = all.find((p) => p.id === id) ?? null;
    if (found)
      await db.setMeta(
        key(userId),
        all.filter((p) => p.id !== id),
      );
    return found;
  });
}
