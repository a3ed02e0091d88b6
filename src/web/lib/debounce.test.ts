import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Debouncer } from "./debounce";
import { TIMINGS } from "./timings";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("the waits of SPEC section 9", () => {
  it("are the ones SPEC names", () => {
    expect(TIMINGS).toMatchObject({
      serverSearchDebounceMs: 500,
      listFilterStartupWaitMs: 300,
      branchSelectDebounceMs: 750,
      groupSelectDebounceMs: 1000,
      itemSelectResetMs: 200,
      tableMountWaitMs: 1500,
      printDelayMs: 500,
      menuOpenDelayMs: 300,
      menuCloseDelayMs: 250,
    });
  });
});

describe("Debouncer", () => {
  it("the branch filter's applies the last pick 750 ms after it, once", () => {
    const applied: number[][] = [];
    const branch = new Debouncer(TIMINGS.branchSelectDebounceMs);
    branch.call(() => applied.push([1]));
    vi.advanceTimersByTime(700);
    branch.call(() => applied.push([1, 2]));
    vi.advanceTimersByTime(749);
    expect(applied).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(applied).toEqual([[1, 2]]);
    vi.advanceTimersByTime(5000);
    expect(applied).toEqual([[1, 2]]);
  });

  it("holds a pick made in the table's first 1500 ms until they have passed", () => {
    const applied: string[] = [];
    const branch = new Debouncer(TIMINGS.branchSelectDebounceMs, Date.now() + TIMINGS.tableMountWaitMs);
    vi.advanceTimersByTime(100);
    branch.call(() => applied.push("early"));
    vi.advanceTimersByTime(1399);
    expect(applied).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(applied).toEqual(["early"]);
    // Later picks wait only the debounce.
    branch.call(() => applied.push("late"));
    vi.advanceTimersByTime(TIMINGS.branchSelectDebounceMs);
    expect(applied).toEqual(["early", "late"]);
  });

  it("the group filter's waits 1000 ms; a cancelled call never runs", () => {
    const applied: string[] = [];
    const group = new Debouncer(TIMINGS.groupSelectDebounceMs);
    group.call(() => applied.push("group"));
    vi.advanceTimersByTime(999);
    expect(applied).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(applied).toEqual(["group"]);
    group.call(() => applied.push("dropped"));
    expect(group.waiting).toBe(true);
    group.cancel();
    vi.advanceTimersByTime(2000);
    expect(applied).toEqual(["group"]);
  });
});
