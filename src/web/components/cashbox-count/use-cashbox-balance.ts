import { useEffect, useState } from "react";
import { api } from "../../lib/api-client";
import type { RowKey } from "../../offline/sync-tables";

/**
 * The cashbox's balance as the server's ledger holds it now (null until read, or offline): what a count or
 * an adjustment is measured against, so not the device's estimate.
 */
export function useServerCashboxBalance(id: RowKey | null): string | null {
  const [balance, setBalance] = useState<string | null>(null);
  useEffect(() => {
    setBalance(null);
    if (typeof id !== "number") return;
    let live = true;
    api
      .get(`accounting/cashbox/${id}/`)
      .json<{ balance: string }>()
      .then((row) => live && setBalance(row.balance))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [id]);
  return balance;
}
