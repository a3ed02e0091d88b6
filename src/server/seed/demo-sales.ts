import type { Tx } from "../db/client";

/** A few weeks of sales, returns and an installment sale. Filled in by the sale module. */
export async function seedDemoSales(_tx: Tx): Promise<void> {}
