import { describe, expect, it } from "vitest";
import { checkCreditLimit, owedInBase } from "./credit-limit";

describe("checkCreditLimit", () => {
  it("never warns without a limit", () => {
    expect(checkCreditLimit({ limit: null, balance: "9000000", owed: "5000000" })).toEqual({
      after: "14000000.00",
      over: false,
      excess: "0.00",
      available: null,
    });
    expect(checkCreditLimit({ limit: "", balance: "1", owed: "1" }).over).toBe(false);
  });

  it("warns when the balance and the sale's unpaid part pass the limit", () => {
    expect(checkCreditLimit({ limit: "1000000", balance: "800000", owed: "250000" })).toEqual({
      after: "1050000.00",
      over: true,
      excess: "50000.00",
      available: "200000.00",
    });
  });

  it("owing exactly the limit is within it", () => {
    const check = checkCreditLimit({ limit: "1000000", balance: "800000", owed: "200000" });
    expect(check.over).toBe(false);
    expect(check.excess).toBe("0.00");
  });

  it("a sale paid in full never warns, even past the limit already", () => {
    expect(checkCreditLimit({ limit: "100", balance: "500", owed: "0" }).over).toBe(false);
    expect(checkCreditLimit({ limit: "100", balance: "500", owed: "1" }).over).toBe(true);
    expect(checkCreditLimit({ limit: "100", balance: "500", owed: "0" }).available).toBe("0.00");
  });

  it("counts a sale in another currency at the sale's rate", () => {
    // 100 USD at 1,310 IQD a dollar on a base-IQD limit of 150,000 with 20,000 owed.
    expect(checkCreditLimit({ limit: "150000", balance: "20000", owed: "100", rate: "1310" })).toMatchObject({
      after: "151000.00",
      over: true,
      excess: "1000.00",
    });
    expect(owedInBase("33.333", "1.5")).toBe("50.00");
  });

  it("a credit in the customer's favour leaves more room; a limit of 0 warns at any credit sale", () => {
    expect(checkCreditLimit({ limit: "1000", balance: "-500", owed: "1400" })).toMatchObject({ over: false, available: "1500.00" });
    expect(checkCreditLimit({ limit: "0", balance: "0", owed: "0.01" }).over).toBe(true);
  });

  it("reads unreadable figures as zero rather than failing", () => {
    expect(checkCreditLimit({ limit: "100", balance: "abc", owed: "" })).toMatchObject({ after: "0.00", over: false });
  });
});
