import { useCallback, useEffect, useRef } from "react";

/**
 * Runs the last call given once `waitMs` pass with no newer one; `notBefore` (a time from Date.now())
 * holds the run until then as well, whatever the wait.
 */
export class Debouncer {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pending: (() => void) | undefined;

  constructor(
    private readonly waitMs: number,
    private readonly notBefore = 0,
  ) {}

  call(run: () => void): void {
    this.cancel();
    this.pending = run;
    const wait = Math.max(this.waitMs, this.notBefore - Date.now());
    this.timer = setTimeout(() => this.flush(), wait);
  }

  /** Runs the waiting call now (nothing when none waits). */
  flush(): void {
    const run = this.pending;
    this.cancel();
    run?.();
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = undefined;
  }

  get waiting(): boolean {
    return this.pending !== undefined;
  }
}

/**
 * A debounced `callback` (the latest one given is the one run); a waiting call is dropped on unmount.
 * `holdMs` keeps every run at least that long after the component mounted.
 */
export function useDebouncedCallback<Args extends unknown[]>(
  callback: (...args: Args) => void,
  waitMs: number,
  holdMs = 0,
): (...args: Args) => void {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  const debouncer = useRef<Debouncer | null>(null);
  useEffect(() => {
    const current = new Debouncer(waitMs, Date.now() + holdMs);
    debouncer.current = current;
    return () => current.cancel();
  }, [waitMs, holdMs]);
  return useCallback((...args: Args) => debouncer.current?.call(() => latest.current(...args)), []);
}
