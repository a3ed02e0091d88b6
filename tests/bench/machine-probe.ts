import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";

/**
 * What kind of machine a bench ran on, beyond its core count and load: printed with every run, so that
 * figures from different machines (or from one virtual machine on different hosts) can be told apart.
 * Lighthouse's own `benchmarkIndex` is a loop that allocates nothing; it read 1,500 to 2,450 on a
 * virtual machine where the first write to a fresh page of memory cost 14 to 19 µs, many times a bare
 * machine's. A browser pays that at every start: a fresh renderer opening the dashboard made 14,000 to
 * 16,000 such faults, about 15 % of its CPU time there.
 */
export interface MachineProbe {
  /** Microseconds per page at the first write to freshly mapped memory (the page fault and its zeroing). */
  faultMicros: number;
  /** The 1-minute load average when probed. */
  load: number;
}

const PAGE = 4096;

/** Times the first and then a second write to every page of a fresh 64 MiB buffer; the difference is the fault. */
function faultMicros(): number {
  const bytes = 64 * 1024 * 1024;
  const pages = bytes / PAGE;
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    // Large and unzeroed: the allocator maps it untouched, so each first write faults.
    const buffer = Buffer.allocUnsafeSlow(bytes);
    const first = performance.now();
    for (let page = 0; page < pages; page++) buffer[page * PAGE] = 1;
    const touched = performance.now();
    for (let page = 0; page < pages; page++) buffer[page * PAGE] = 2;
    const again = performance.now();
    best = Math.min(best, (touched - first - (again - touched)) / pages);
  }
  return best * 1000;
}

export function probeMachine(): MachineProbe {
  return { faultMicros: faultMicros(), load: loadavg()[0] ?? 0 };
}

export function describeMachine(probe: MachineProbe): string {
  return `a page fault ${probe.faultMicros.toFixed(1)} µs, load ${probe.load.toFixed(1)}`;
}

// `npx tsx tests/bench/machine-probe.ts`: prints the probe (npm test does, before its stages).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  console.log(`this machine: ${describeMachine(probeMachine())}`);
