import { describe, expect, it } from "vitest";
import { COMMANDS } from "./command-table";

describe("customer-create", () => {
  it("keeps the branch of a quick-created customer sent as `branches` (ids), and of the form's `branch`", () => {
    const effect = (body: Record<string, unknown>) =>
      COMMANDS["customer-create"].offline.localEffect?.(body as Parameters<(typeof COMMANDS)["customer-create"]["url"]>[0]);
    expect(effect({ name: "Sara", branches: [3] })).toMatchObject({
      kind: "pending-row",
      table: "customer",
      row: { name: "Sara", branch_id: 3 },
    });
    expect(effect({ name: "Ali", branch: 2 })).toMatchObject({ row: { branch_id: 2 } });
    expect(effect({ name: "None" })).toMatchObject({ row: { branch_id: null } });
  });
});
