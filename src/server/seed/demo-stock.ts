import type { Tx } from "../db/client";

/** Opening stock and a few weeks of purchases, transfers and damaged stock. Filled in by the stock module. */
export async function seedDemoStock(_tx: Tx): Promise<void> {}
