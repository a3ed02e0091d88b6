import { readFileSync } from "node:fs";

/**
 * Sums a performance trace (BENCH_SCAN_TRACE) by event name on the page's main thread: where a scan's
 * time goes between script, style, layout, paint and compositing (Layerize). Usage:
 * `npx tsx tests/bench/trace-summary.ts <trace.json>`.
 */
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  args?: { name?: string };
}

const file = process.argv[2];
if (!file) throw new Error("usage: trace-summary.ts <trace.json>");
const parsed = JSON.parse(readFileSync(file, "utf8")) as { traceEvents?: TraceEvent[] } | TraceEvent[];
const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
const mainThreads = new Set(
  events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`),
);
const totals = new Map<string, { ms: number; count: number }>();
for (const e of events) {
  if (e.ph !== "X" || !mainThreads.has(`${e.pid}:${e.tid}`)) continue;
  const total = totals.get(e.name) ?? { ms: 0, count: 0 };
  total.ms += (e.dur ?? 0) / 1000;
  total.count += 1;
  totals.set(e.name, total);
}
for (const [name, { ms, count }] of [...totals].sort((a, b) => b[1].ms - a[1].ms).slice(0, 20)) {
  console.log(`${ms.toFixed(0).padStart(8)} ms ${String(count).padStart(7)}  ${name}`);
}
