import { firstBroken, type Builder, type OpsContext, type Choices } from "./operation";
import { money } from "../books-helpers";

/** Transfers between cashboxes of one currency: a new one, a delete. */
export function cashTransferOps({ world, books, dice, send }: OpsContext, { boxesOf, pickCurrency, amountAround, spendable }: Choices) {
  const cashTransfer: Builder = () => {
    const currency = pickCurrency();
    const boxes = world.branches.flatMap((b) => boxesOf(b, currency));
    const [from, to] = dice.some(boxes, 2);
    const amount = amountAround(spendable(from, currency), 100_000);
    return {
      label: `cashbox-transfer ${from} -> ${to} amount=${money(amount)}`,
      refusedBecause: firstBroken([[amount > books.balance(from), "the cashbox balance is not enough"]]),
      send: send("POST", "/api/accounting/cashbox-transfer/", { from_cashbox: from, to_cashbox: to, amount: money(amount) }),
      apply(body) {
        books.cashTransfers.push({ id: (body as { id: number }).id, from, to, amount, live: true });
        books.addCash(from, -amount);
        books.addCash(to, amount);
      },
    };
  };

  const cashTransferDelete: Builder = () => {
    const live = books.cashTransfers.filter((d) => d.live);
    if (live.length === 0) return null;
    const d = dice.pick(live);
    return {
      label: `cashbox-transfer-delete ${d.id}`,
      refusedBecause: firstBroken([[books.balance(d.to) < d.amount, "the receiving cashbox would go below zero"]]),
      send: send("DELETE", `/api/accounting/cashbox-transfer/${d.id}/`),
      apply() {
        books.addCash(d.from, d.amount);
        books.addCash(d.to, -d.amount);
        d.live = false;
      },
    };
  };

  return { cashTransfer, cashTransferDelete };
}
