import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import pg from "pg";

/**
 * CPU time a local PostgreSQL spends, read from /proc: the postmaster, its live children and the
 * children it reaped (the backends of a finished pgbench run). Far steadier than a rate on cores
 * other engineers share: per transaction, it says what the work costs, not what the load left.
 */
const TICK_MS = 1000 / Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim() || 100);

/** pid, parent pid and CPU ticks (own, and reaped children's) of one process, or null when it is gone. */
function stat(pid: string): { ppid: string; own: number; reaped: number } | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    // After the command: state, ppid, ..., utime (12th), stime, cutime, cstime.
    return { ppid: fields[1], own: Number(fields[11]) + Number(fields[12]), reaped: Number(fields[13]) + Number(fields[14]) };
  } catch {
    return null;
  }
}

/** A clock of the server's CPU milliseconds, or null when the server is not on this machine (or no /proc). */
export async function postgresCpuClock(url: string): Promise<(() => number) | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const backend = String((await client.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0].pid);
  const postmaster = stat(backend)?.ppid;
  await client.end();
  if (!postmaster || !stat(postmaster)) return null;
  return () => {
    let ticks = 0;
    for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
      const s: ReturnType<typeof stat> = pid === postmaster ? null : stat(pid);
      if (s?.ppid === postmaster) ticks += s.own;
    }
    const main = stat(postmaster);
    return (ticks + (main ? main.own + main.reaped : 0)) * TICK_MS;
  };
}

/** Waits without an event loop (pgbench runs synchronously): the run's backends need a moment to exit. */
export const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
