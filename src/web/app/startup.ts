import { HTTPError } from "ky";
import type { AuthUser, CashboxRow, CurrencyRef } from "../../core/api-types";
import { api } from "../lib/api-client";
import { cachedPrintInfos, rememberLogos } from "../components/print/print-info-cache";
import {
  appStore,
  baseCurrencyAtom,
  cashboxesAtom,
  currenciesAtom,
  exchangeRatesAtom,
  generalPartnerAtom,
  printInfosAtom,
  setIfChanged,
  settingsAtom,
  storedUserAtom,
  tokenAtom,
  type ExchangeRate,
  type PartnerRef,
  type PrintInfo,
  type Setting,
} from "../lib/app-state";

interface StartupStep {
  path: string;
  apply: (value: unknown) => void;
}

/** SPEC section 4 order: user, permissions, exchange rates, print info, settings, general partner, cashboxes. */
const STEPS: readonly StartupStep[] = [
  { path: "user/me/", apply: (value) => setIfChanged(storedUserAtom, value as AuthUser | null) },
  {
    path: "user/auth-permissions/",
    apply: (value) => {
      const user = appStore.get(storedUserAtom);
      if (user && Array.isArray(value)) setIfChanged(storedUserAtom, { ...user, permissions: value as string[] });
    },
  },
  { path: "accounting/exchange-rate/latest/", apply: (value) => setIfChanged(exchangeRatesAtom, value as ExchangeRate[]) },
  {
    path: "print/all/",
    apply: (value) => {
      appStore.set(printInfosAtom, value as PrintInfo[]);
      void rememberLogos(value as PrintInfo[]);
    },
  },
  { path: "setting/", apply: (value) => setIfChanged(settingsAtom, value as Setting[]) },
  { path: "partner/general-partner/", apply: (value) => setIfChanged(generalPartnerAtom, value as PartnerRef) },
  {
    path: "accounting/cashbox/all/",
    apply: (value) => {
      appStore.set(cashboxesAtom, value as CashboxRow[]);
      // The device keeps these balances, so offline it shows them with what it keyed since (cashbox-overlay.ts).
      void rememberBalances(value as CashboxRow[]);
    },
  },
  // Not in SPEC's list but needed by the amount fields; loaded last so the SPEC order is untouched.
  { path: "currency/base-currency/", apply: (value) => setIfChanged(baseCurrencyAtom, value as CurrencyRef) },
  { path: "currency/all/", apply: (value) => setIfChanged(currenciesAtom, value as CurrencyRef[]) },
];

async function rememberBalances(rows: CashboxRow[]): Promise<void> {
  const at = Date.now();
  const [{ rememberCashboxBalances }, { getOfflineDb }] = await Promise.all([
    import("../offline/cashbox-overlay"),
    import("../offline/db"),
  ]);
  await rememberCashboxBalances(getOfflineDb(), rows, at).catch((error: unknown) => console.warn("Cashbox balances not kept", error));
}

let running: { token: string | null; done: Promise<void> } | null = null;

/**
 * Loads the start-up data in sequence into app state when a stored user with an id exists.
 * A failed step is skipped (offline, or an endpoint not there yet): the app keeps working with what
 * it has. A 401 has already cleared the session in the api client, so the sequence stops there; so it
 * does when the session ends or changes while a step's answer is on its way. One run per session at a
 * time: a call during its run joins it, a call for a new session starts its own.
 */
export function runStartup(): Promise<void> {
  const token = appStore.get(tokenAtom);
  if (running?.token === token) return running.done;
  const run = {
    token,
    done: refresh(token).finally(() => {
      if (running === run) running = null;
    }),
  };
  running = run;
  return run.done;
}

async function refresh(token: string | null): Promise<void> {
  // Once this session has ended (a logout, another sign-in), an answer still on its way belongs to no
  // one: applying it would write the old user back into the device's storage.
  const current = () => Boolean(token) && appStore.get(tokenAtom) === token && Boolean(appStore.get(storedUserAtom)?.id);
  for (const step of STEPS) {
    if (!current()) return;
    try {
      const value = await api.get(step.path, { context: { silent: true } }).json<unknown>();
      if (!current()) return;
      step.apply(value);
    } catch (error) {
      if (error instanceof HTTPError && error.response.status === 401) return;
      console.warn(`Start-up step ${step.path} failed`, error);
    }
  }
  // Offline (or print/all/ failed): the print headers from the device's cache, so printouts keep them.
  if (current() && appStore.get(printInfosAtom).length === 0) appStore.set(printInfosAtom, await cachedPrintInfos().catch(() => []));
}
