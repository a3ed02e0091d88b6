import { describe, expect, it } from "vitest";
import { booleanBadgeColumn } from "./boolean-badge-column";

interface Row {
  approved: boolean;
}

describe("booleanBadgeColumn", () => {
  const column = booleanBadgeColumn<Row>(
    "approved",
    "Status",
    { label: "Approved", color: "green" },
    { label: "Pending", color: "orange" },
  );

  it("shows each side of the field with its own label and colour", () => {
    expect([column.text?.({ approved: true }), column.badgeColor?.({ approved: true })]).toEqual(["Approved", "green"]);
    expect([column.text?.({ approved: false }), column.badgeColor?.({ approved: false })]).toEqual(["Pending", "orange"]);
  });

  it("filters by a list of the two sides, as the server spells them", () => {
    expect(column).toMatchObject({ key: "approved", title: "Status", kind: "badge", filterType: "list" });
    expect(column.list).toEqual([
      { id: "true", name: "Approved" },
      { id: "false", name: "Pending" },
    ]);
  });
});
