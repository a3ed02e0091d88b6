import { readdirSync, readFileSync } from "node:fs";

/**
 * CPU seconds used so far by this script's child processes (Linux /proc), split into Chromium's
 * renderers, the rest of Chromium and the server: on a loaded machine the wall time varies by tens of
 * percent, the CPU time much less. Only this script's descendants count (other engineers' Chromiums
 * and servers on the same machine do not).
 */
export type CpuSplit = { renderer: number; browser: number; gpu: number; network: number; storage: number; server: number };

/** Which part of the work a process does, from its command line. */
export function processKind(cmd: string): keyof CpuSplit {
  if (!cmd.includes("chrom")) return "server";
  if (cmd.includes("--type=renderer")) return "renderer";
  if (cmd.includes("--type=gpu-process")) return "gpu";
  if (cmd.includes("NetworkService")) return "network";
  if (cmd.includes("StorageService")) return "storage";
  return "browser";
}

/** user + system seconds of a /proc/<pid>[/task/<tid>]/stat line, and its parent and name. */
function statOf(path: string): { cpu: number; parent: number; name: string } {
  const stat = readFileSync(path, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return {
    cpu: (Number(fields[11]) + Number(fields[12])) / 100,
    parent: Number(fields[1]),
    name: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")),
  };
}

/** This script's descendants: pid and kind. */
function ownProcesses(): { pid: string; kind: keyof CpuSplit; cpu: number }[] {
  const parents = new Map<number, number>();
  const found: { pid: string; kind: keyof CpuSplit; cpu: number }[] = [];
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = statOf(`/proc/${pid}/stat`);
      parents.set(Number(pid), stat.parent);
      found.push({ pid, kind: processKind(readFileSync(`/proc/${pid}/cmdline`, "utf8")), cpu: stat.cpu });
    } catch {
      // the process ended meanwhile
    }
  }
  const descends = (pid: number): boolean => {
    for (let p = parents.get(pid); p !== undefined && p > 1; p = parents.get(p)) if (p === process.pid) return true;
    return false;
  };
  return found.filter((p) => descends(Number(p.pid)));
}

export function childCpu(): CpuSplit {
  const total: CpuSplit = { renderer: 0, browser: 0, gpu: 0, network: 0, storage: 0, server: 0 };
  for (const p of ownProcesses()) total[p.kind] += p.cpu;
  return total;
}

/**
 * CPU seconds per thread name of Chromium's browser process: which of its threads burn the time
 * (IndexedDB's backend runs on the thread pool, "ThreadPoolForeg"; the IO thread; the main thread).
 */
export function browserThreads(): Map<string, number> {
  const byName = new Map<string, number>();
  for (const p of ownProcesses().filter((own) => own.kind === "browser")) {
    try {
      for (const task of readdirSync(`/proc/${p.pid}/task`)) {
        const stat = statOf(`/proc/${p.pid}/task/${task}/stat`);
        byName.set(stat.name, (byName.get(stat.name) ?? 0) + stat.cpu);
      }
    } catch {
      // the process ended meanwhile
    }
  }
  return byName;
}

/** "page renderer 6.9 s, browser 15.1 s, server 5.2 s": what two childCpu() readings differ by. */
export function cpuBetween(before: CpuSplit, after: CpuSplit): string {
  const used = (kind: keyof CpuSplit) => (after[kind] - before[kind]).toFixed(1);
  return `page renderer ${used("renderer")} s, browser ${used("browser")} s, server ${used("server")} s`;
}
