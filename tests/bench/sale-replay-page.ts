/**
 * Browser code, bundled by sale-replay-bench.ts into a page served on the app's origin: the web app's
 * own offline layer (offline-runtime.ts, the `sale-create` command, the outbox and its local effects)
 * on the app's IndexedDB and session, driven by the bench through `window.saleReplay`.
 */
import { runCommand } from "../../src/web/offline/commands";
import type { CommandArgs } from "../../src/web/offline/command-table";
import { startOffline } from "../../src/web/offline/offline-runtime";

const stored = <T>(key: string): T | null => JSON.parse(localStorage.getItem(`bo.${key}`) ?? "null") as T | null;

const runtime = startOffline({
  baseUrl: "",
  getToken: () => stored<string>("token"),
  getUserId: () => stored<{ id: number }>("user")?.id ?? null,
});

// The replay starts when the browser says the network is back (the runtime replays on `online`).
let onlineAt: number | null = null;
window.addEventListener("online", () => (onlineAt ??= performance.now()));

export interface QueueReport {
  queued: number;
  refused: string[];
  ms: number;
}

export interface ReplayReport {
  /** From the `online` event until the outbox was empty (or the bench gave up). */
  ms: number;
  left: number;
  needsAttention: string[];
}

const saleReplay = {
  /** The runtime's first sync (pull of what changed since the app's first load), awaited before going offline. */
  ready: () => runtime.syncNow().then(() => undefined),
  async queue(bodies: Record<string, unknown>[]): Promise<QueueReport> {
    const start = performance.now();
    const report: QueueReport = { queued: 0, refused: [], ms: 0 };
    for (const body of bodies) {
      const outcome = await runCommand("sale-create", body as CommandArgs<"sale-create">);
      if (outcome.queued) report.queued += 1;
      else report.refused.push(JSON.stringify(outcome));
    }
    report.ms = performance.now() - start;
    return report;
  },
  async waitForEmptyOutbox(timeoutMs: number): Promise<ReplayReport> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const left = await runtime.db.outbox.count();
      const stuck = await runtime.db.outbox.where("status").equals("needs_attention").toArray();
      if (left === 0 || left === stuck.length || performance.now() > deadline) {
        return {
          ms: performance.now() - (onlineAt ?? performance.now()),
          left,
          needsAttention: stuck.slice(0, 5).map((e) => JSON.stringify(e.server_message ?? e.last_error)),
        };
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  },
};

(window as unknown as { saleReplay: typeof saleReplay }).saleReplay = saleReplay;
