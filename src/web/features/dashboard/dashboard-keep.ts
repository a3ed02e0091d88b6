import type { AuthUser } from "../../../core/api-types";
import { toIsoDate } from "../../../core/dates";
import type { DashboardAnswer } from "./dashboard-data";

/**
 * The user's last dashboard answer, kept on the device: shown, with its time, while the fresh one is
 * on its way and while the device is offline (on a slow branch link the manager sees the
 * morning's figures at once). Only the same day's answer is shown, so yesterday's "sales today" never
 * reads as today's, and only while the user's access is what it was (a permission or branch taken away
 * hides the copy, not only the next answer). It lives in localStorage (a few KiB), which logout clears
 * with the session.
 */
export interface KeptDashboard {
  answer: DashboardAnswer;
  /** When it was answered (ISO date-time). */
  at: string;
}

/** Bumped when the answer's shape changes, so an older app's copy is not read as the new shape. */
const VERSION = 1;

const storageKey = (userId: number) => `bo.dashboard.${userId}`;

/** What the dashboard's answer depends on besides the day: who may see which cards of which branches. */
export function accessScope(user: Pick<AuthUser, "is_superuser" | "permissions" | "branches">): string {
  const branches = user.branches.map((branch) => branch.id).sort((a, b) => a - b);
  return JSON.stringify([user.is_superuser, [...user.permissions].sort(), branches]);
}

/** Pure: the kept answer in `text` when it is well formed, of this version, of `today` and of `scope`. */
export function parseKeptDashboard(text: string | null, today: string, scope: string): KeptDashboard | null {
  if (!text) return null;
  try {
    const kept = JSON.parse(text) as { v?: unknown; at?: unknown; scope?: unknown; answer?: { today?: unknown } } | null;
    if (!kept || kept.v !== VERSION || typeof kept.at !== "string" || typeof kept.answer !== "object" || !kept.answer) return null;
    if (kept.answer.today !== today || kept.scope !== scope) return null;
    return { answer: kept.answer as DashboardAnswer, at: kept.at };
  } catch {
    return null;
  }
}

export function readKeptDashboard(user: AuthUser, now: Date = new Date()): KeptDashboard | null {
  return parseKeptDashboard(localStorage.getItem(storageKey(user.id)), toIsoDate(now), accessScope(user));
}

export function keepDashboard(user: AuthUser, answer: DashboardAnswer, now: Date = new Date()): void {
  try {
    localStorage.setItem(storageKey(user.id), JSON.stringify({ v: VERSION, at: now.toISOString(), scope: accessScope(user), answer }));
  } catch {
    // Storage full or denied: the dashboard still works, only without the copy.
  }
}
