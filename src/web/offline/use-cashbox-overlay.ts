import { useLiveQuery } from "dexie-react-hooks";
import { getOfflineDb, type OfflineDb } from "./db";
import { EMPTY_OVERLAY, readCashboxOverlay, type CashboxOverlay } from "./cashbox-overlay";
import { getOfflineRuntime } from "./offline-runtime";

const db = (): OfflineDb => getOfflineRuntime()?.db ?? getOfflineDb();

/** The device's view of the cashbox balances (cashbox-overlay.ts), live: it moves when a document is queued, synced or discarded. */
export function useCashboxOverlay(): CashboxOverlay {
  return useLiveQuery(() => readCashboxOverlay(db()), [], EMPTY_OVERLAY);
}
