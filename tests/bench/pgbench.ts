import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

/** pgbench's C client, when installed: the benches compare the server against it on the same PostgreSQL. */
export const PGBENCH = ["/usr/lib/postgresql/15/bin/pgbench", "/usr/bin/pgbench"].find((p) => existsSync(p));

export function pgbenchArgs(url: string): string[] {
  const target = new URL(url);
  return ["-h", target.hostname, "-p", target.port || "5432", "-U", decodeURIComponent(target.username || "postgres")];
}

/** Runs pgbench against the URL's database with `args` (script, clients, duration); null when pgbench is missing. */
export function runPgbench(url: string, args: string[]): { tps: number; transactions: number } | null {
  if (!PGBENCH) return null;
  const out = execFileSync(PGBENCH, [...pgbenchArgs(url), ...args, new URL(url).pathname.slice(1)], { encoding: "utf8" });
  const tps = /tps = ([\d.]+)/.exec(out);
  const transactions = /number of transactions actually processed: (\d+)/.exec(out);
  if (!tps || !transactions) throw new Error(`pgbench answered without a rate:\n${out}`);
  return { tps: Number(tps[1]), transactions: Number(transactions[1]) };
}
