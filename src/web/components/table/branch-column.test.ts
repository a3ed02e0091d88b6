import { describe, expect, it } from "vitest";
import { withBranchColumn } from "./branch-column";
import type { ColumnDef } from "./column-def";

const columns: ColumnDef<unknown>[] = [
  { key: "invoice_no", title: "No." },
  { key: "input_date", title: "Date" },
];

describe("withBranchColumn", () => {
  it("puts the branch after the number when the user sees more than one branch", () => {
    expect(withBranchColumn(columns, 2, "Branch").map((c) => c.key)).toEqual(["invoice_no", "branch_name", "input_date"]);
  });

  it("leaves a single branch's list, and a list already showing its branch, as it is", () => {
    expect(withBranchColumn(columns, 1, "Branch")).toBe(columns);
    const shown = [...columns, { key: "branch_name", title: "Branch" }];
    expect(withBranchColumn(shown, 3, "Branch")).toBe(shown);
  });
});
