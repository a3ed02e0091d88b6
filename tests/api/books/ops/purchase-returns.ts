import { firstBroken, type Builder, type OpsContext, type Choices } from "./operation";
import { money, units } from "../books-helpers";
import {
  linesTotal,
  paidOf,
  purchaseNet,
  returnedQuantity,
  returnedTotal,
  type Line,
  type PurchaseLine,
  type PurchaseDoc,
} from "../books-model";
import { pickSettlement } from "./return-settlement";

/** Returns of purchases: a new one (the supplier gives back nothing, refunds into a cashbox or owes a credit note), a delete. */
export function purchaseReturnOps(ctx: OpsContext, choices: Choices) {
  const { books, dice, send } = ctx;
  const { describeLines } = choices;
  const purchaseReturn: Builder = () => {
    const left = (p: PurchaseDoc, l: PurchaseLine) => l.quantity - returnedQuantity(books.purchaseReturns, p, l.stock);
    const open = books.purchases.filter((p) => p.live && p.lines.some((l) => left(p, l) > 0));
    if (open.length === 0) return null;
    const p = dice.pick(open);
    const picked = dice.some(
      p.lines.filter((l) => left(p, l) > 0),
      dice.int(1, 2),
    );
    const lines: Line[] = picked.map((l) => ({ ...l, quantity: 1000 * dice.int(1, left(p, l) / 1000) }));
    if (dice.chance(0.12)) lines[0].quantity = left(p, picked[0]) + 1000;
    const total = linesTotal(lines);
    const settlement = pickSettlement(ctx, choices, p, Math.min(total, paidOf(books.purchaseReturns, p)), false);
    return {
      label: `purchase-return of ${p.id} [${describeLines(lines)}]${settlement.label}`,
      refusedBecause: firstBroken([
        [lines.some((l, i) => l.quantity > left(p, picked[i])), "more than was bought"],
        [returnedTotal(books.purchaseReturns, p) + total > purchaseNet(p), "more money than the purchase's net"],
        [lines.some((l) => l.quantity > books.quantity(l.stock!)), "not enough stock"],
        ...settlement.rules,
      ]),
      send: send("POST", "/api/purchase-return/", {
        purchase: p.id,
        items: lines.map((l) => ({ stock: l.stock, quantity: units(l.quantity), price: money(l.price) })),
        ...settlement.body,
      }),
      apply(body) {
        settlement.check(body);
        const { refund, refundBox, credit } = settlement;
        books.purchaseReturns.push({ id: (body as { id: number }).id, of: p, lines, live: true, refund, refundBox, credit, used: 0 });
        for (const l of lines) books.move(l.stock!, -l.quantity);
        // The goods went back (we owe less); what the supplier gave back for them is owed again.
        books.addOwed("supplier", p.supplier, p.currency, -total + refund + credit);
        if (refundBox !== null) books.addCash(refundBox, refund);
      },
    };
  };

  const purchaseReturnDelete: Builder = () => {
    const live = books.purchaseReturns.filter((r) => r.live);
    if (live.length === 0) return null;
    const r = dice.pick(live);
    return {
      label: `purchase-return-delete ${r.id}`,
      refusedBecause: firstBroken([
        [r.used > 0, "its credit note is used by a payment"],
        [r.refundBox !== null && books.balance(r.refundBox) < r.refund, "the refund was spent: the cashbox would go below zero"],
      ]),
      send: send("DELETE", `/api/purchase-return/${r.id}/`),
      apply() {
        r.live = false;
        for (const l of r.lines) books.move(l.stock!, l.quantity);
        books.addOwed("supplier", r.of.supplier, r.of.currency, linesTotal(r.lines) - r.refund - r.credit);
        if (r.refundBox !== null) books.addCash(r.refundBox, -r.refund);
      },
    };
  };

  return { purchaseReturn, purchaseReturnDelete };
}
