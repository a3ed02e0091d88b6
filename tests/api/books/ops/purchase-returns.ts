import { firstBroken, type Builder, type OpsContext, type Choices } from "./operation";
import { money, units } from "../books-helpers";
import { linesTotal, purchaseNet, returnedQuantity, returnedTotal, type Line, type PurchaseLine, type PurchaseDoc } from "../books-model";

/** Returns of purchases: a new one, a delete. */
export function purchaseReturnOps({ books, dice, send }: OpsContext, { describeLines }: Choices) {
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
    return {
      label: `purchase-return of ${p.id} [${describeLines(lines)}]`,
      refusedBecause: firstBroken([
        [lines.some((l, i) => l.quantity > left(p, picked[i])), "more than was bought"],
        [returnedTotal(books.purchaseReturns, p) + total > purchaseNet(p), "more money than the purchase's net"],
        [lines.some((l) => l.quantity > books.quantity(l.stock!)), "not enough stock"],
      ]),
      send: send("POST", "/api/purchase-return/", {
        purchase: p.id,
        items: lines.map((l) => ({ stock: l.stock, quantity: units(l.quantity), price: money(l.price) })),
      }),
      apply(body) {
        books.purchaseReturns.push({ id: (body as { id: number }).id, of: p, lines, live: true });
        for (const l of lines) books.move(l.stock!, -l.quantity);
        books.addOwed("supplier", p.supplier, p.currency, -total);
      },
    };
  };

  const purchaseReturnDelete: Builder = () => {
    const live = books.purchaseReturns.filter((r) => r.live);
    if (live.length === 0) return null;
    const r = dice.pick(live);
    return {
      label: `purchase-return-delete ${r.id}`,
      refusedBecause: null,
      send: send("DELETE", `/api/purchase-return/${r.id}/`),
      apply() {
        r.live = false;
        for (const l of r.lines) books.move(l.stock!, l.quantity);
        books.addOwed("supplier", r.of.supplier, r.of.currency, linesTotal(r.lines));
      },
    };
  };

  return { purchaseReturn, purchaseReturnDelete };
}
