import { SERVER_BASE } from "../../lib/server-base";
import type { DashboardAnswer } from "./dashboard-data";

/**
 * The dashboard's figures asked for by the entry (main.tsx) when a signed-in device opens on `/`, beside
 * the app's chunks, so the answer is there when the screen mounts instead of being asked only then
 * (issue 12: the answer was the last link of the chain before the largest paint). Plain fetch: the
 * entry does not carry the HTTP client. A failure (401, 5xx, network) leaves nothing: the page then
 * asks through the HTTP client, which handles the error as everywhere else.
 */
let early: { at: number; answer: Promise<DashboardAnswer | null> } | null = null;

/** An early answer older than this is not used (the figures move; the page asks again). */
const FRESH_MS = 30_000;

export function prefetchDashboard(token: string): void {
  if (!navigator.onLine) return;
  const answer = fetch(`${SERVER_BASE}/api/dashboard/`, {
    headers: { Accept: "application/json", Authorization: `Bearer ${token}` },
  })
    .then((response) => (response.ok ? (response.json() as Promise<DashboardAnswer>) : null))
    .catch(() => null);
  early = { at: Date.now(), answer };
}

/**
 * The early answer if one is fresh. Not cleared here: a concurrent render may be thrown away and run
 * again before it commits; the page forgets it once it has it (forgetEarlyDashboard).
 */
export function earlyDashboard(): Promise<DashboardAnswer | null> | null {
  return early && Date.now() - early.at < FRESH_MS ? early.answer : null;
}

/** The next visit of the dashboard asks the server again. */
export function forgetEarlyDashboard(): void {
  early = null;
}
