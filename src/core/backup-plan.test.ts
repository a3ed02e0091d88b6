import { describe, expect, it } from "vitest";
import {
  backupsToKeep,
  backupWarning,
  isoWeekOf,
  isPrunableWal,
  oldestNeededWal,
  parseRestoreMoment,
  restorableFrom,
  type BackupRecord,
} from "./backup-plan";

const DAY = 86_400_000;
const start = Date.UTC(2026, 0, 1, 2, 0, 0);
/** One backup a day for `days` days from 2026-01-01, segment n on day n. */
const daily = (days: number): BackupRecord[] =>
  Array.from({ length: days }, (_, i) => {
    const at = new Date(start + i * DAY).toISOString();
    return { name: `b${i}`, createdAt: at, finishedAt: at, verified: true, startWal: `00000001000000000000${String(i).padStart(4, "0")}` };
  });

describe("backupsToKeep", () => {
  it("keeps the newest of each of the last 7 days and of the last 4 weeks", () => {
    const keep = backupsToKeep(daily(60));
    // 2026-03-01 is b59; the 7 daily are b53..b59; weekly: the newest of the weeks of b59 (Sunday, week 9),
    // b52 (Sunday of week 8), b45 and b38.
    expect([...keep].sort()).toEqual(["b38", "b45", "b52", "b53", "b54", "b55", "b56", "b57", "b58", "b59"].sort());
  });

  it("keeps only the newest backup of a day that has several", () => {
    const two = [...daily(1), { ...daily(1)[0], name: "later", createdAt: new Date(start + 3600_000).toISOString() }];
    expect([...backupsToKeep(two)]).toEqual(["later"]);
  });

  it("chooses among good backups, and keeps a failed one only while it is the newest", () => {
    const backups = daily(4);
    backups[2] = { ...backups[2], verified: false };
    backups[3] = { ...backups[3], verified: false };
    expect([...backupsToKeep(backups)].sort()).toEqual(["b0", "b1", "b3"]);
    const newerGood = [...backups, { ...daily(5)[4], verified: true }];
    expect([...backupsToKeep(newerGood)].sort()).toEqual(["b0", "b1", "b4"]);
  });
});

describe("isoWeekOf", () => {
  it("numbers weeks from Monday, the first holding the year's first Thursday", () => {
    expect(isoWeekOf("2026-01-01T10:00:00Z")).toBe("2026-W01");
    expect(isoWeekOf("2025-12-29T10:00:00Z")).toBe("2026-W01");
    expect(isoWeekOf("2026-01-04T10:00:00Z")).toBe("2026-W01");
    expect(isoWeekOf("2026-01-05T10:00:00Z")).toBe("2026-W02");
    expect(isoWeekOf("2027-01-01T10:00:00Z")).toBe("2026-W53");
  });
});

describe("WAL pruning", () => {
  it("lets go of segments before the oldest kept backup's start, on any timeline, and keeps history files", () => {
    const oldest = "000000010000000000000010";
    expect(isPrunableWal("00000001000000000000000F", oldest)).toBe(true);
    expect(isPrunableWal("00000002000000000000000F.partial", oldest)).toBe(true);
    expect(isPrunableWal("00000001000000000000000A.00000028.backup", oldest)).toBe(true);
    expect(isPrunableWal("000000010000000000000010", oldest)).toBe(false);
    expect(isPrunableWal("000000020000000000000011", oldest)).toBe(false);
    expect(isPrunableWal("00000002.history", oldest)).toBe(false);
    expect(isPrunableWal("archtemp.000000010000000000000001.1.2", oldest)).toBe(false);
  });

  it("needs the WAL from the oldest kept backup's start", () => {
    expect(oldestNeededWal(daily(5).slice(2))).toBe("000000010000000000000002");
    expect(oldestNeededWal([])).toBeNull();
  });
});

describe("backupWarning", () => {
  const [backup] = daily(1);
  const at = (ms: number) => new Date(start + ms);
  it("is quiet while the last good backup is under two days old", () => {
    expect(backupWarning([backup], at(DAY))).toBeNull();
    expect(backupWarning([backup], at(2 * DAY - 1))).toBeNull();
  });
  it("warns when the last good backup is more than two days old, or there is none", () => {
    expect(backupWarning([backup], at(2 * DAY + 1))).toBe("stale");
    expect(backupWarning([], at(0))).toBe("none");
    expect(backupWarning([{ ...backup, verified: false }], at(0))).toBe("check_failed");
  });
  it("warns when the newest backup failed its check, even with a recent good one", () => {
    const failed = { ...daily(2)[1], verified: false };
    expect(backupWarning([backup, failed], at(DAY + 1))).toBe("check_failed");
    expect(backupWarning([backup, { ...failed, verified: null }], at(DAY + 1))).toBeNull();
  });
});

describe("restorableFrom", () => {
  it("is the end of the oldest good backup", () => {
    const backups = daily(3);
    backups[0] = { ...backups[0], verified: false };
    expect(restorableFrom(backups)).toBe(backups[1].finishedAt);
  });
});

describe("parseRestoreMoment", () => {
  it("reads YYYY-MM-DD HH:MM, seconds optional, in local time", () => {
    expect(parseRestoreMoment("2026-12-02 01:05")).toEqual(new Date(2026, 11, 2, 1, 5, 0));
    expect(parseRestoreMoment(" 2026-12-02 01:05:30 ")).toEqual(new Date(2026, 11, 2, 1, 5, 30));
  });
  it("refuses anything else", () => {
    for (const text of ["2026-13-02 01:05", "2026-02-30 01:05", "2026-12-02 25:00", "2026-12-02", "yesterday", "2026-12-02 01:05:60"])
      expect(parseRestoreMoment(text)).toBeNull();
  });
});
