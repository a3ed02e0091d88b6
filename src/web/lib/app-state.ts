import { atom, createStore, type WritableAtom } from "jotai";
import { atomWithStorage, createJSONStorage, RESET } from "jotai/utils";
import type { AuthUser, CashboxRow, CurrencyRef } from "../../core/api-types";

/** One store for the whole app, so non-React code (api client, start-up) reads the same state. */
export const appStore = createStore();

/**
 * Sets an atom of the app's store only when the value differs from what it holds: an answer equal to
 * what a returning user's device already has (the user and permissions at start-up) would otherwise
 * be a new object, and re-render every screen part that reads it for nothing.
 */
export function setIfChanged<T>(target: WritableAtom<T, [T], void>, value: T): void {
  if (JSON.stringify(appStore.get(target)) !== JSON.stringify(value)) appStore.set(target, value);
}

export type Language = "en" | "ar" | "ckb";
export type ThemeMode = "light" | "dark";
export type SidebarArea = "stock" | "purchase" | "sale" | "accounting" | "report" | "hr" | "setting";

const storage = <T>() => createJSONStorage<T>(() => localStorage);
const persisted = <T>(key: string, initial: T) => atomWithStorage<T>(`bo.${key}`, initial, storage<T>(), { getOnInit: true });

// Persisted preferences (SPEC section 4 defaults).
export const languageAtom = persisted<Language>("language", "en");
export const themeAtom = persisted<ThemeMode>("theme", "light");
export const currentSidebarAtom = persisted<SidebarArea>("currentSidebar", "stock");
export const drawerOpenAtom = persisted<boolean>("drawerOpen", true);

/** The receipt printer of this device: the browser's print dialog, or ESC/POS over USB or a serial port. */
export interface ReceiptPrinterChoice {
  kind: "browser" | "usb" | "serial";
  paper: 80 | 58;
  /** Kick the cash drawer after a sale's receipt (ESC/POS only). */
  drawer: boolean;
}
export const receiptPrinterAtom = persisted<ReceiptPrinterChoice>("receiptPrinter", { kind: "browser", paper: 80, drawer: false });

// Persisted session.
export const tokenAtom = persisted<string | null>("token", null);
export const storedUserAtom = persisted<AuthUser | null>("user", null);

// Reference data loaded at start-up (SPEC section 4). Kept in memory; the offline layer caches it.
export interface ExchangeRate {
  id: number;
  currency: CurrencyRef;
  rate: string;
  input_date: string;
}
export interface PrintInfo {
  id: number;
  branch: { id: number };
  name: string;
  description: string;
  logo: string | null;
  phone: string;
  address: string;
}
export interface Setting {
  key: string;
  value: string;
}
export interface PartnerRef {
  id: number;
  name: string;
  phone?: string | null;
  isCustomer?: boolean;
  isSupplier?: boolean;
}

export const exchangeRatesAtom = atom<ExchangeRate[]>([]);
export const printInfosAtom = atom<PrintInfo[]>([]);
export const settingsAtom = atom<Setting[]>([]);
export const generalPartnerAtom = atom<PartnerRef | null>(null);
export const cashboxesAtom = atom<CashboxRow[]>([]);
export const baseCurrencyAtom = atom<CurrencyRef | null>(null);
export const currenciesAtom = atom<CurrencyRef[]>([]);

/** Batch tracking is on when setting batch_number is 1 (SPEC section 3). */
export const batchTrackingAtom = atom((get) => get(settingsAtom).some((s) => s.key === "batch_number" && String(s.value) === "1"));

/** What a device keeps across sessions (SPEC section 4): the interface preferences and its receipt printer. */
const DEVICE_KEYS: ReadonlySet<string> = new Set(["bo.language", "bo.theme", "bo.receiptPrinter"]);

/**
 * Ends the session on this device, for logout and for a 401 alike (SPEC sections 4 and 8): the token,
 * the stored user, the reference data held in memory and every localStorage key but the language and
 * theme (saved list queries, sidebar, the kept dashboard and screen, cached logos). IndexedDB, and so
 * the outbox, is untouched (DESIGN section 4: it replays after the same user signs in again).
 */
export function clearSession(): void {
  appStore.set(tokenAtom, RESET);
  appStore.set(storedUserAtom, RESET);
  appStore.set(currentSidebarAtom, RESET);
  appStore.set(drawerOpenAtom, RESET);
  appStore.set(exchangeRatesAtom, []);
  appStore.set(printInfosAtom, []);
  appStore.set(settingsAtom, []);
  appStore.set(generalPartnerAtom, null);
  appStore.set(cashboxesAtom, []);
  appStore.set(baseCurrencyAtom, null);
  appStore.set(currenciesAtom, []);
  try {
    for (const key of Object.keys(localStorage)) if (!DEVICE_KEYS.has(key)) localStorage.removeItem(key);
  } catch {
    // Storage blocked: nothing was kept there either.
  }
}
