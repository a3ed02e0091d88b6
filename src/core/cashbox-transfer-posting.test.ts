import { describe, expect, it } from "vitest";
import { postCashboxTransfer } from "./posting";

describe("postCashboxTransfer", () => {
  it("debits the receiving cashbox and credits the giving one, in one currency", () => {
    const lines = postCashboxTransfer({ currency_id: 1, exchange_rate: "1", from_cashbox_id: 3, to_cashbox_id: 8, amount: "250" });
    expect(lines.map((l) => [l.account_type, l.account_id, l.debit, l.credit])).toEqual([
      ["cashbox", 8, "250.00", "0.00"],
      ["cashbox", 3, "0.00", "250.00"],
    ]);
  });
});
