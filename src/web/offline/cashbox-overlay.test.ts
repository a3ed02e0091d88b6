import { describe, expect, it } from "vitest";
import { toMoney } from "../../core/money";
import { shownBalance, type CashboxOverlay } from "./cashbox-overlay";

const move = (cashbox_id: number, amount: string) => ({ kind: "cashbox-move" as const, cashbox_id, amount });

describe("shownBalance", () => {
  const overlay: CashboxOverlay = {
    known: new Map([[1, { balance: "1000.00", at: 100 }]]),
    pending: new Map([[1, toMoney("-250")]]),
    settled: [
      { effect: move(1, "-100"), at: 50 },
      { effect: move(1, "40"), at: 150 },
      { effect: move(2, "-5"), at: 150 },
    ],
  };

  it("a balance read just now takes only the waiting moves", () => {
    expect(shownBalance(overlay, 1, "900.00")).toBe("650.00");
    expect(shownBalance(overlay, 2, "10")).toBe("10.00");
  });

  it("the last balance read takes the waiting moves and those settled after it, not before", () => {
    expect(shownBalance(overlay, 1)).toBe("790.00");
  });

  it("a cashbox the device never read has no balance to show", () => {
    expect(shownBalance(overlay, 2)).toBeNull();
  });
});
