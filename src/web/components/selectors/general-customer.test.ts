import { describe, expect, it } from "vitest";
import { defaultCustomer, type CustomerOption } from "./general-customer";

// Each branch has its own general customer; the order of the list is not the branches' order.
const cached: CustomerOption[] = [
  { id: 12, is_general: true, branch_id: 2 },
  { id: 5, is_general: false, branch_id: 1 },
  { id: 11, is_general: true, branch_id: 1 },
];

describe("the customer a new sale starts with", () => {
  it("is the general customer of the sale's branch, not the first general one listed", () => {
    expect(defaultCustomer(cached, 1, null)).toBe(11);
    expect(defaultCustomer(cached, 2, null)).toBe(12);
  });

  it("follows a change of branch while the form is on a general customer; a picked customer stays", () => {
    expect(defaultCustomer(cached, 2, 11)).toBe(12);
    expect(defaultCustomer(cached, 2, 5)).toBe(5);
  });

  it("reads the server's shape too (branch as an id or a reference) and leaves the field when the branch has none", () => {
    const server: CustomerOption[] = [
      { id: 21, is_general: true, branch: { id: 2, name: "Sulaymaniyah" } },
      { id: 20, is_general: true, branch: 1 },
    ];
    expect(defaultCustomer(server, 1, null)).toBe(20);
    expect(defaultCustomer(server, 2, null)).toBe(21);
    expect(defaultCustomer(server, 3, null)).toBeNull();
    expect(defaultCustomer(server, null, 20)).toBe(20);
  });
});
