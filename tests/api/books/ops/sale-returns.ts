import { firstBroken, type Builder, type OpsContext, type Choices } from "./operation";
import { money, units } from "../books-helpers";
import { linesTotal, paidOf, saleNet, returnedQuantity, returnedTotal, type Line, type SaleDoc } from "../books-model";
import { pickSettlement } from "./return-settlement";

/** Returns of sales: a new one (giving back nothing, a refund from a cashbox or a credit note), a delete. */
export function saleReturnOps(ctx: OpsContext, choices: Choices) {
  const { books, dice, send } = ctx;
  const { describeLines } = choices;
  const saleReturn: Builder = () => {
    const left = (s: SaleDoc, l: Line) => l.quantity - returnedQuantity(books.saleReturns, s, l.stock!);
    const open = books.sales.filter((s) => s.live && s.lines.some((l) => l.stock !== null && left(s, l) > 0));
    if (open.length === 0) return null;
    const s = dice.pick(open);
    const picked = dice.some(
      s.lines.filter((l) => l.stock !== null && left(s, l) > 0),
      dice.int(1, 2),
    );
    const lines: Line[] = picked.map((l) => ({ ...l, quantity: 1000 * dice.int(1, left(s, l) / 1000) }));
    if (dice.chance(0.12)) lines[0].quantity = left(s, picked[0]) + 1000;
    const total = linesTotal(lines);
    const settlement = pickSettlement(ctx, choices, s, Math.min(total, paidOf(books.saleReturns, s)), true);
    return {
      label: `sale-return of ${s.id} [${describeLines(lines)}]${settlement.label}`,
      refusedBecause: firstBroken([
        [lines.some((l, i) => l.quantity > left(s, picked[i])), "more than was sold"],
        [returnedTotal(books.saleReturns, s) + total > saleNet(s), "more money than the sale's net"],
        ...settlement.rules,
      ]),
      send: send("POST", "/api/sale-return/", {
        sale: s.id,
        items: lines.map((l) => ({ stock: l.stock, quantity: units(l.quantity), price: money(l.price) })),
        ...settlement.body,
      }),
      apply(body) {
        settlement.check(body);
        const { refund, refundBox, credit } = settlement;
        books.saleReturns.push({ id: (body as { id: number }).id, of: s, lines, live: true, refund, refundBox, credit, used: 0 });
        for (const l of lines) books.move(l.stock!, l.quantity);
        // The goods came back (the customer owes less); what was given back for them leaves their account again.
        books.addOwed("customer", s.customer, s.currency, -total + refund + credit);
        if (refundBox !== null) books.addCash(refundBox, -refund);
      },
    };
  };

  const saleReturnDelete: Builder = () => {
    const live = books.saleReturns.filter((r) => r.live);
    if (live.length === 0) return null;
    const r = dice.pick(live);
    return {
      label: `sale-return-delete ${r.id}`,
      refusedBecause: firstBroken([
        [r.lines.some((l) => l.quantity > books.quantity(l.stock!)), "the returned stock is gone again"],
        [r.used > 0, "its credit note is used by a receipt"],
      ]),
      send: send("DELETE", `/api/sale-return/${r.id}/`),
      apply() {
        r.live = false;
        for (const l of r.lines) books.move(l.stock!, -l.quantity);
        books.addOwed("customer", r.of.customer, r.of.currency, linesTotal(r.lines) - r.refund - r.credit);
        if (r.refundBox !== null) books.addCash(r.refundBox, r.refund);
      },
    };
  };

  return { saleReturn, saleReturnDelete };
}
