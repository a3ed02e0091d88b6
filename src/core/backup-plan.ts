/**
 * The rules of the embedded default's backups, apart from any file or server: which base backups are
 * kept (7 daily, 4 weekly), which archived WAL they still need, when the administrator is warned,
 * and how `npm run restore --until` reads its moment.
 */

export interface BackupRecord {
  name: string;
  /** When the base backup began (ISO). */
  createdAt: string;
  /** When it ended: the earliest moment it can be restored to (ISO). */
  finishedAt: string;
  /** true: restored and counted; false: that check failed; null: not checked yet. */
  verified: boolean | null;
  /** The WAL segment its restore starts from (24 hex digits). */
  startWal: string;
}

export const KEEP_DAILY = 7;
export const KEEP_WEEKLY = 4;
/** The dashboard warns when the last good backup is older than this. */
export const BACKUP_STALE_MS = 2 * 24 * 60 * 60 * 1000;

const dayOf = (iso: string) => iso.slice(0, 10);

/** ISO week (UTC) as "YYYY-Www": weeks start on Monday, week 1 holds the year's first Thursday. */
export function isoWeekOf(iso: string): string {
  const date = new Date(`${dayOf(iso)}T00:00:00Z`);
  // The Thursday of the same week names its year.
  date.setUTCDate(date.getUTCDate() + 4 - (date.getUTCDay() || 7));
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${date.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

/** The newest backup of each of the `count` newest periods that have one. */
function newestPerPeriod(sorted: BackupRecord[], periodOf: (iso: string) => string, count: number): BackupRecord[] {
  const picked = new Map<string, BackupRecord>();
  for (const backup of sorted) {
    const period = periodOf(backup.createdAt);
    if (!picked.has(period)) {
      if (picked.size === count) break;
      picked.set(period, backup);
    }
  }
  return [...picked.values()];
}

/**
 * The backups to keep: the newest of each of the last 7 days and of the last 4 weeks that have a
 * backup, chosen among those not known bad (one still being checked counts), and the newest backup
 * when it failed its check.
 */
export function backupsToKeep(backups: readonly BackupRecord[]): Set<string> {
  const sorted = [...backups].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const candidates = sorted.filter((b) => b.verified !== false);
  const keep = new Set<string>();
  for (const b of newestPerPeriod(candidates, dayOf, KEEP_DAILY)) keep.add(b.name);
  for (const b of newestPerPeriod(candidates, isoWeekOf, KEEP_WEEKLY)) keep.add(b.name);
  // The newest backup, when it failed, stays so the screen shows why (one only: a check failing every day leaves one).
  if (sorted[0]?.verified === false) keep.add(sorted[0].name);
  return keep;
}

const WAL_FILE = /^([0-9A-F]{8})([0-9A-F]{16})(\.partial|\.[0-9A-F]{8}\.backup)?$/;

/**
 * Whether an archived file may go once the oldest kept backup starts at `oldestStartWal`: segments
 * (and their .partial and .backup files) before it, whatever their timeline, as pg_archivecleanup
 * compares them. Timeline history files are always kept: a later restore needs them.
 */
export function isPrunableWal(fileName: string, oldestStartWal: string): boolean {
  const match = WAL_FILE.exec(fileName);
  if (!match) return false;
  return match[2] < oldestStartWal.slice(8);
}

/** The segment the oldest of the kept backups starts from: nothing before it is needed. */
export function oldestNeededWal(kept: readonly BackupRecord[]): string | null {
  const positions = kept.map((b) => b.startWal).sort((a, b) => a.slice(8).localeCompare(b.slice(8)));
  return positions[0] ?? null;
}

export type BackupWarning = "none" | "stale" | "check_failed";

/**
 * What the dashboard tells an administrator: no good backup at all or none in two days (stale), or
 * the newest backup failed its check (check_failed). Null when all is well.
 */
export function backupWarning(backups: readonly BackupRecord[], now: Date): BackupWarning | null {
  const sorted = [...backups].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const newestChecked = sorted.find((b) => b.verified !== null);
  if (newestChecked?.verified === false && newestChecked === sorted[0]) return "check_failed";
  const good = sorted.find((b) => b.verified === true);
  if (!good) return sorted.length ? "stale" : "none";
  if (now.getTime() - new Date(good.finishedAt).getTime() > BACKUP_STALE_MS) return "stale";
  return null;
}

/** The oldest moment a restore can reach: the end of the oldest good backup kept. */
export function restorableFrom(backups: readonly BackupRecord[]): string | null {
  const good = backups.filter((b) => b.verified === true).map((b) => b.finishedAt);
  return good.sort()[0] ?? null;
}

/**
 * `--until "YYYY-MM-DD HH:MM"` (seconds optional) as a moment in the machine's local time, as the
 * person typing it reads the clock. Null when the text is not such a moment.
 */
export function parseRestoreMoment(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const date = new Date(year, month - 1, day, hour, minute, second);
  const same =
    date.getFullYear() === year &&
    date.getMonth() === month - 1 &&
    date.getDate() === day &&
    date.getHours() === hour &&
    date.getMinutes() === minute;
  return same && second < 60 ? date : null;
}
