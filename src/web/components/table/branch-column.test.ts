import { describe, expect, it } from "vitest";
import { formatDocumentNumber } from "../../../core/document-number";
import { withBranchColumn, withDocumentNumbers } from "./branch-column";
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

describe("a document list's number read with its branch's code", () => {
  it("reads ERB-241 in the number column and leaves a column with its own text alone", () => {
    const codes = new Map([[1, "ERB"]]);
    const numberOf = (branch: number | null | undefined, n: number | string) =>
      typeof n === "number" && typeof branch === "number" ? formatDocumentNumber(codes.get(branch), n) : String(n);
    type Row = { branch: number; invoice_no: number | string };
    const [number, other] = withDocumentNumbers<Row>(
      [
        { key: "invoice_no", title: "No." },
        { key: "invoice_no", title: "Own", text: (r) => `#${r.invoice_no}` },
      ],
      numberOf,
    );
    expect(number.text?.({ branch: 1, invoice_no: 241 })).toBe("ERB-241");
    expect(number.text?.({ branch: 2, invoice_no: 7 })).toBe("7");
    expect(number.text?.({ branch: 1, invoice_no: "local-3" })).toBe("local-3");
    expect(other.text?.({ branch: 1, invoice_no: 5 })).toBe("#5");
  });
});
