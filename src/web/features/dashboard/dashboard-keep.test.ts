import { describe, expect, it } from "vitest";
import { accessScope, parseKeptDashboard } from "./dashboard-keep";

type Access = Parameters<typeof accessScope>[0];

const answer = { today: "2026-11-25", branches: [1], min_quantity: { count: 3 } };
const manager = {
  is_superuser: false,
  permissions: ["view_sale", "report_view_min_quantity_item"],
  branches: [{ id: 2 }, { id: 1 }],
} as Access;
const scope = accessScope(manager);
/** A stored copy as keepDashboard writes it, with `change` applied. */
const stored = (change: Record<string, unknown> = {}) => JSON.stringify({ v: 1, at: "2026-11-25T06:14:00.000Z", scope, answer, ...change });

describe("the dashboard kept on the device", () => {
  it("reads today's copy with its time", () => {
    expect(parseKeptDashboard(stored(), "2026-11-25", scope)).toEqual({ answer, at: "2026-11-25T06:14:00.000Z" });
  });

  it("never shows another day's copy: yesterday's sales today are not today's", () => {
    expect(parseKeptDashboard(stored({ answer: { ...answer, today: "2026-11-24" } }), "2026-11-25", scope)).toBeNull();
  });

  it("never shows a copy made with other access: a permission or a branch taken away hides it", () => {
    expect(parseKeptDashboard(stored(), "2026-11-25", accessScope({ ...manager, permissions: ["view_sale"] }))).toBeNull();
    expect(parseKeptDashboard(stored(), "2026-11-25", accessScope({ ...manager, branches: [{ id: 1 }] } as Access))).toBeNull();
    expect(parseKeptDashboard(stored(), "2026-11-25", accessScope({ ...manager, is_superuser: true }))).toBeNull();
    // The same access listed in another order is the same scope.
    const reordered = { ...manager, permissions: [...manager.permissions].reverse(), branches: [{ id: 1 }, { id: 2 }] } as Access;
    expect(parseKeptDashboard(stored(), "2026-11-25", accessScope(reordered))).not.toBeNull();
  });

  it("ignores what is missing, malformed or of another version", () => {
    expect(parseKeptDashboard(null, "2026-11-25", scope)).toBeNull();
    expect(parseKeptDashboard("{not json", "2026-11-25", scope)).toBeNull();
    expect(parseKeptDashboard("null", "2026-11-25", scope)).toBeNull();
    expect(parseKeptDashboard(stored({ v: 0 }), "2026-11-25", scope)).toBeNull();
    expect(parseKeptDashboard(stored({ at: undefined }), "2026-11-25", scope)).toBeNull();
    expect(parseKeptDashboard(stored({ answer: undefined }), "2026-11-25", scope)).toBeNull();
  });
});
