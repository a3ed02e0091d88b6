import { describe, expect, it } from "vitest";
import { parseKeptDashboard } from "./dashboard-keep";

const answer = { today: "2026-11-25", branches: [1], min_quantity: { count: 3 } };
const stored = (value: unknown) => JSON.stringify(value);

describe("the dashboard kept on the device", () => {
  it("reads today's copy with its time", () => {
    const kept = parseKeptDashboard(stored({ v: 1, at: "2026-11-25T06:14:00.000Z", answer }), "2026-11-25");
    expect(kept).toEqual({ answer, at: "2026-11-25T06:14:00.000Z" });
  });

  it("never shows another day's copy: yesterday's sales today are not today's", () => {
    expect(
      parseKeptDashboard(stored({ v: 1, at: "2026-11-24T18:00:00.000Z", answer: { ...answer, today: "2026-11-24" } }), "2026-11-25"),
    ).toBeNull();
  });

  it("ignores what is missing, malformed or of another version", () => {
    expect(parseKeptDashboard(null, "2026-11-25")).toBeNull();
    expect(parseKeptDashboard("{not json", "2026-11-25")).toBeNull();
    expect(parseKeptDashboard("null", "2026-11-25")).toBeNull();
    expect(parseKeptDashboard(stored({ v: 0, at: "2026-11-25T06:14:00.000Z", answer }), "2026-11-25")).toBeNull();
    expect(parseKeptDashboard(stored({ v: 1, answer }), "2026-11-25")).toBeNull();
    expect(parseKeptDashboard(stored({ v: 1, at: "2026-11-25T06:14:00.000Z" }), "2026-11-25")).toBeNull();
  });
});
