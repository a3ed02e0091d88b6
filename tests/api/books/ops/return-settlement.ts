import { expect } from "vitest";
import type { Choices } from "./operation";
import { money } from "../books-helpers";
import type { Books, BranchWorld, World } from "../books-model";
import type { Dice } from "../books-helpers";

/**
 * What a new return gives back of what its invoice took (a refund through a cashbox, a credit note, or
 * nothing), the rules that refuse it, and its body fields; shared by the sale and the purchase returns.
 */
export interface Settlement {
  refund: number;
  refundBox: number | null;
  credit: number;
  label: string;
  rules: [boolean, string][];
  body: Record<string, unknown>;
  /** The answer gives back what the model says (the credit note is all that may be given back). */
  check(body: unknown): void;
}

/**
 * `returnable` is what the return may give back: no more than it returns, nor than its invoice's paid
 * amount. `cashGoesOut`: a sale's refund leaves the cashbox (a purchase's comes in).
 */
export function pickSettlement(
  { world, books, dice }: { world: World; books: Books; dice: Dice },
  { pickBox }: Choices,
  where: { branch: BranchWorld; currency: number },
  returnable: number,
  cashGoesOut: boolean,
): Settlement {
  const mode = dice.weighted({ none: 3, refund: 5, credit: 6, both: 1 });
  let refundBox: number | null = null;
  let refund = 0;
  let wrongCurrency = false;
  if (mode === "refund" || mode === "both") {
    wrongCurrency = dice.chance(0.04);
    refundBox = pickBox(where.branch, wrongCurrency ? (where.currency === world.iqd ? world.usd : world.iqd) : where.currency);
    const roll = dice.weighted({ within: 8, all: 4, beyond: 1 });
    refund = roll === "beyond" || returnable <= 0 ? returnable + 1 : roll === "all" ? returnable : dice.int(1, returnable);
  }
  const credit = mode === "credit" || mode === "both" ? Math.max(returnable, 0) : 0;
  const rules: [boolean, string][] = [
    [mode === "both", "a refund and a credit note at once"],
    [refund > Math.max(returnable, 0), "the refund is more than what was paid and is returned"],
    [mode === "credit" && returnable <= 0, "nothing paid is returned: there is no credit note to leave"],
    [wrongCurrency, "the refund cashbox is of another currency"],
    [cashGoesOut && refundBox !== null && refund > books.balance(refundBox), "the cashbox balance is not enough"],
  ];
  const body: Record<string, unknown> = {};
  if (refundBox !== null) body.refund = { cashbox: refundBox, amount: money(refund) };
  if (mode === "credit" || mode === "both") body.credit_note = true;
  return {
    refund,
    refundBox,
    credit,
    label: `${refundBox !== null ? ` refund=${money(refund)} box=${refundBox}` : ""}${body.credit_note ? ` credit-note=${money(credit)}` : ""}`,
    rules,
    body,
    check(answer) {
      const a = answer as { refund_amount: string; credit_note_amount: string };
      expect([a.refund_amount, a.credit_note_amount], "the return's refund and credit note").toEqual([money(refund), money(credit)]);
    },
  };
}
