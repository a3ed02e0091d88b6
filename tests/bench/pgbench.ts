import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { pause } from "./pg-cpu";

/** pgbench's C client, when installed: the benches compare the server against it on the same PostgreSQL. */
export const PGBENCH = ["/usr/lib/postgresql/15/bin/pgbench", "/usr/bin/pgbench"].find((p) => existsSync(p));

export function pgbenchArgs(url: string): string[] {
  const target = new URL(url);
  return ["-h", target.hostname, "-p", target.port || "5432", "-U", decodeURIComponent(target.username || "postgres")];
}

export interface PgbenchRun {
  tps: number;
  transactions: number;
  /** PostgreSQL's CPU milliseconds per transaction, when a clock of the server's CPU was given. */
  cpuMs: number | null;
}

/** Runs pgbench against the URL's database with `args` (script, clients, duration); null when pgbench is missing. */
export function runPgbench(url: string, args: string[], cpuClock: (() => number) | null = null): PgbenchRun | null {
  if (!PGBENCH) return null;
  const cpu0 = cpuClock?.() ?? 0;
  const out = execFileSync(PGBENCH, [...pgbenchArgs(url), ...args, new URL(url).pathname.slice(1)], { encoding: "utf8" });
  const tps = /tps = ([\d.]+)/.exec(out);
  const transactions = /number of transactions actually processed: (\d+)/.exec(out);
  if (!tps || !transactions) throw new Error(`pgbench answered without a rate:\n${out}`);
  if (cpuClock) pause(500);
  const cpuMs = cpuClock ? (cpuClock() - cpu0) / Number(transactions[1]) : null;
  return { tps: Number(tps[1]), transactions: Number(transactions[1]), cpuMs };
}
