import type { FastifyInstance } from "fastify";
import type { BenchResult } from "./server-bench";

/**
 * The timing both list benchmarks share: each query once cold (printed with what it answers),
 * then `rounds` timed rounds one request at a time, then the same requests `concurrency` in flight at once
 * (devices paging together on the one connection of PGlite), p95 of each query and of all.
 */
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
export const round1 = (n: number) => Math.round(n * 10) / 10;

export interface ListBenchOptions {
  app: FastifyInstance;
  headers: Record<string, string>;
  /** [name, url] of each request. */
  queries: [string, string][];
  rounds: number;
  concurrency: number;
  /** Names the results: "item list page of 50 over 100,000 items". */
  label: string;
  engine: "PGlite" | "PostgreSQL";
}

type Answer = { count?: number; count_is_estimate?: boolean; next?: string | null; totals_capped?: boolean };

export async function timeListQueries(o: ListBenchOptions): Promise<BenchResult[]> {
  const get = async (target: string) => {
    const start = performance.now();
    const res = await o.app.inject({ method: "GET", url: target, headers: o.headers });
    const elapsed = performance.now() - start;
    if (res.statusCode !== 200) throw new Error(`${target}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return { elapsed, body: res.json<Answer>() };
  };
  for (const [name, target] of o.queries) {
    const { elapsed, body } = await get(target);
    const answer =
      body.count !== undefined
        ? `count ${body.count}${body.count_is_estimate ? " (estimate)" : ""}, next ${body.next ? "yes" : "no"}, `
        : body.totals_capped
          ? "totals capped, "
          : "";
    console.log(`  ${name}: ${answer}${round1(elapsed)} ms cold (${o.engine})`);
  }
  const detail = (m: Map<string, number[]>) =>
    [...m].map(([name, t]) => `${name} p50 ${round1(percentile(t, 50))} / p95 ${round1(percentile(t, 95))} ms`).join("; ");

  const single = new Map<string, number[]>();
  for (let r = 0; r < o.rounds; r += 1) {
    for (const [name, target] of o.queries) {
      const { elapsed } = await get(target);
      single.set(name, [...(single.get(name) ?? []), elapsed]);
    }
  }
  const all = [...single.values()].flat();
  const results: BenchResult[] = [
    {
      name: `${o.label}, one request at a time (${o.engine})`,
      value: round1(percentile(all, 95)),
      unit: "ms p95",
      budget: "p95 < 50 ms each",
      detail: `median ${round1(percentile(all, 50))} ms over ${all.length} requests; ${detail(single)}`,
    },
  ];
  if (o.concurrency > 1) {
    const loaded = new Map<string, number[]>();
    // Interleaved as devices would send them: every kind of request is in flight beside every other.
    const jobs = Array.from({ length: o.rounds }, () => o.queries).flat();
    let next = 0;
    const wallStart = performance.now();
    await Promise.all(
      Array.from({ length: o.concurrency }, async () => {
        while (next < jobs.length) {
          const [name, target] = jobs[next++];
          // Timed first, then read the list: read before the await, a request of the same name finishing
          // meanwhile would be overwritten (a long totals/ lost its samples so).
          const { elapsed } = await get(target);
          loaded.set(name, [...(loaded.get(name) ?? []), elapsed]);
        }
      }),
    );
    const wall = (performance.now() - wallStart) / 1000;
    const loadedAll = [...loaded.values()].flat();
    results.push({
      name: `${o.label}, ${o.concurrency} requests in flight (${o.engine})`,
      value: round1(percentile(loadedAll, 95)),
      unit: "ms p95",
      budget: "p95 < 150 ms each",
      detail: `median ${round1(percentile(loadedAll, 50))} ms, ${round1(loadedAll.length / wall)} requests/s; ${detail(loaded)}`,
    });
  }
  return results;
}

/** Signs in as the demo admin: the bearer header of the benchmark's requests. */
export async function adminHeaders(app: FastifyInstance): Promise<Record<string, string>> {
  const login = await app.inject({ method: "POST", url: "/api/login/", payload: { username: "admin", password: "admin" } });
  return { authorization: `Bearer ${login.json<{ token: string }>().token}` };
}
