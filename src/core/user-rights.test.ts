import { describe, expect, it } from "vitest";
import { changeRefusal, groupChangeRefusal, manageRefusal, type Rights } from "./user-rights";

const rights = (permissions: string[], branches: number[] = [1], cashboxes: number[] = [], isSuperuser = false): Rights => ({
  isSuperuser,
  permissions,
  branches,
  cashboxes,
});
const manager = rights(["add_user", "change_user", "view_sale", "add_sale"], [1, 2], [10, 20]);
const superuser = rights([], [1, 2], [10, 20], true);

describe("changeRefusal", () => {
  it("lets a manager grant what they hold", () => {
    expect(changeRefusal(manager, null, rights(["view_sale"], [2], [20]), false)).toBeNull();
    expect(changeRefusal(manager, rights(["view_sale"]), rights(["view_sale", "add_sale"], [1, 2]), false)).toBeNull();
  });

  it("refuses a code, a branch or a cashbox the manager lacks", () => {
    expect(changeRefusal(manager, null, rights(["view_purchase"]), false)).toBe("grant-above");
    expect(changeRefusal(manager, null, rights(["view_sale"], [3]), false)).toBe("grant-above");
    expect(changeRefusal(manager, rights(["view_sale"]), rights(["view_sale"], [1], [30]), false)).toBe("grant-above");
  });

  it("refuses making a superuser or touching one", () => {
    expect(changeRefusal(manager, null, rights([], [1], [], true), false)).toBe("superuser");
    expect(changeRefusal(manager, superuser, rights([], [1]), false)).toBe("superuser");
  });

  it("refuses managing someone who holds more", () => {
    expect(changeRefusal(manager, rights(["view_payroll"]), rights([]), false)).toBe("manage-above");
    expect(manageRefusal(manager, rights(["view_sale"], [3]))).toBe("manage-above");
    expect(manageRefusal(manager, rights(["view_sale"], [2]))).toBeNull();
  });

  it("refuses raising one's own rights, even for what one could grant others", () => {
    const self = rights(["add_user", "change_user", "view_sale"], [1], [10]);
    expect(changeRefusal(self, self, rights(["add_user", "change_user", "view_sale"], [1], [10]), true)).toBeNull();
    expect(changeRefusal(self, self, rights(["add_user", "change_user", "view_sale", "view_purchase"], [1], [10]), true)).toBe("raise-own");
    expect(changeRefusal(manager, manager, { ...manager, isSuperuser: true }, true)).toBe("raise-own");
    expect(changeRefusal(self, self, rights(["view_sale"], [1], [10]), true)).toBeNull();
  });

  it("lets a superuser do anything", () => {
    expect(changeRefusal(superuser, rights(["x"]), rights(["y"], [9], [99], true), false)).toBeNull();
  });
});

describe("groupChangeRefusal", () => {
  it("allows only sets the actor holds", () => {
    expect(groupChangeRefusal(manager, ["view_sale"], ["view_sale", "add_sale"], [])).toBeNull();
    expect(groupChangeRefusal(manager, null, ["view_purchase"], [])).toBe("grant-above");
    expect(groupChangeRefusal(manager, ["view_payroll"], [], [])).toBe("manage-above");
    expect(groupChangeRefusal(superuser, ["view_payroll"], ["anything"], [superuser])).toBeNull();
  });

  it("refuses a role with a member the actor may not manage, by the rule of a direct edit", () => {
    const branchTwo = rights(["change_user", "view_sale"], [2], [20]);
    const branchOneCashier = rights(["view_sale"], [1], [10]);
    expect(groupChangeRefusal(branchTwo, ["view_sale"], ["view_sale", "change_user"], [branchOneCashier])).toBe("member-above");
    expect(groupChangeRefusal(branchTwo, ["view_sale"], [], [branchOneCashier])).toBe("member-above");
    expect(groupChangeRefusal(branchTwo, ["view_sale"], ["view_sale"], [superuser])).toBe("member-above");
    expect(groupChangeRefusal(branchTwo, ["view_sale"], [], [rights(["view_sale"], [2], [20])])).toBeNull();
  });
});
