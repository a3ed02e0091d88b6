/**
 * "Only one replayer per device": a Web Lock where the browser has one (shared by all tabs of the
 * origin), else an in-memory mutex (Node tests, old browsers: one per JavaScript realm, so two
 * outbox instances in one test process still exclude each other). `ifAvailable`: a second caller
 * does not wait, it leaves the work to the holder.
 */
export type ReplayLock = <T>(name: string, work: () => Promise<T>) => Promise<{ acquired: true; value: T } | { acquired: false }>;

interface LockManagerLike {
  request<T>(name: string, options: { ifAvailable: boolean }, callback: (lock: unknown) => Promise<T>): Promise<T>;
}

const held = new Set<string>();

export const memoryLock: ReplayLock = async (name, work) => {
  if (held.has(name)) return { acquired: false };
  held.add(name);
  try {
    return { acquired: true, value: await work() };
  } finally {
    held.delete(name);
  }
};

export function webLock(locks: LockManagerLike): ReplayLock {
  return (name, work) =>
    locks.request(name, { ifAvailable: true }, async (lock) => {
      if (!lock) return { acquired: false as const };
      return { acquired: true as const, value: await work() };
    });
}

/** The best lock this environment has. */
export function defaultReplayLock(): ReplayLock {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  return nav?.locks && typeof nav.locks.request === "function" ? webLock(nav.locks) : memoryLock;
}
