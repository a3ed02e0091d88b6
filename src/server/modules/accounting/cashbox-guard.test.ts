import { describe, expect, it } from "vitest";
import { requestedCashbox } from "./cashbox-guard";

describe("requestedCashbox: the cashbox a request names, to lock before its document", () => {
  it("reads an id given as a number or as digits", () => {
    expect(requestedCashbox({ cashbox: 12 })).toBe(12);
    expect(requestedCashbox({ cashbox: " 12 " })).toBe(12);
    expect(requestedCashbox({ cashbox: 2_147_483_647 })).toBe(2_147_483_647);
  });

  it("names none for what validation will refuse, never an id past the column's range (the database would fail)", () => {
    for (const cashbox of [2_147_483_648, Number.MAX_SAFE_INTEGER * 4, Infinity, -1, 0, 1.5, "", "abc", null, true, [], {}])
      expect(requestedCashbox({ cashbox })).toBeNull();
    expect(requestedCashbox(null)).toBeNull();
    expect(requestedCashbox("x")).toBeNull();
    expect(requestedCashbox({})).toBeNull();
  });
});
