import { firstBroken, type Builder, type OpsContext, type Choices } from "./operation";
import { money, units } from "../books-helpers";
import { linesTotal, purchaseNet, liveReturnsOf, owedAfter, type PurchaseLine, type PurchaseDoc } from "../books-model";

/** Purchases: a new one, an edit, a delete. */
export function purchaseOps(
  { world, books, dice, send }: OpsContext,
  { pickBox, pickCurrency, price, curName, discountOf, paidOf, pickTarget }: Choices,
) {
  interface PurchaseAnswer {
    id: number;
    items: { stock: number; item: number; batch_number: string; expire_date: string | null }[];
  }

  const purchaseBody = (p: Omit<PurchaseDoc, "id" | "live" | "allocated">, type: string) => ({
    branch: p.branch.id,
    inventory: p.inventory,
    supplier: p.supplier,
    currency: p.currency,
    payment_type: type,
    cashbox: p.cashbox,
    paid_amount: money(p.counter),
    discount: money(p.discount),
    items: p.lines.map((l) => ({
      item: l.item,
      quantity: units(l.quantity),
      purchase_price: money(l.price),
      sale_price: money(l.price * 2),
      batch_number: l.batch,
      expire_date: null,
    })),
  });
  /** The stock rows the server filled, adopted into the model, in line order (one line per item). */
  const adoptPurchaseRows = (p: { inventory: number; lines: PurchaseLine[] }, body: unknown) => {
    const answer = body as PurchaseAnswer;
    for (const l of p.lines) {
      const row = answer.items.find((a) => a.item === l.item)!;
      books.adopt({ id: row.stock, inventory: p.inventory, item: l.item, batch: row.batch_number, expire: row.expire_date });
      l.stock = row.stock;
    }
  };
  const purchaseChangeRule = (p: PurchaseDoc): [boolean, string][] => [
    [p.counter + p.allocated >= owedAfter(purchaseNet(p), books.purchaseReturns, p), "a paid purchase cannot change"],
    [liveReturnsOf(books.purchaseReturns, p).length > 0, "a purchase with returns cannot change"],
    [p.allocated > 0, "a purchase settled by a payment cannot change"],
    [p.lines.some((l) => l.quantity > books.quantity(l.stock)), "what it brought in is sold"],
  ];
  const applyPurchaseMoney = (p: PurchaseDoc, sign: 1 | -1) => {
    for (const l of p.lines) books.move(l.stock, sign * l.quantity);
    if (p.cashbox !== null) books.addCash(p.cashbox, -sign * p.counter);
    books.addOwed("supplier", p.supplier, p.currency, sign * (purchaseNet(p) - p.counter));
  };

  const purchase: Builder = () => {
    const branch = dice.pick(world.branches);
    const inventory = dice.chance(0.8) ? branch.inventories[0] : branch.inventories[1];
    const currency = pickCurrency();
    const lines: PurchaseLine[] = dice.some(world.items, dice.int(1, 3)).map((item) => ({
      stock: 0,
      item,
      quantity: 1000 * dice.int(1, 20),
      price: price(currency),
      batch: dice.pick(["", "BK-A", "BK-B"]),
    }));
    const discount = discountOf(linesTotal(lines));
    const { type, paid } = paidOf(linesTotal(lines) - discount);
    const doc = {
      branch,
      inventory,
      supplier: dice.pick(branch.suppliers),
      currency,
      cashbox: type === "cash" ? pickBox(branch, currency) : null,
      lines,
      discount,
      counter: paid,
    };
    return {
      label: `purchase b${branch.id} inv${inventory} ${curName(currency)} ${type} paid=${money(paid)} box=${doc.cashbox} [${lines.map((l) => `i${l.item}/${l.batch || "-"}x${l.quantity / 1000}@${money(l.price)}`).join(",")}]`,
      refusedBecause: firstBroken([[doc.cashbox !== null && paid > books.balance(doc.cashbox), "the cashbox balance is not enough"]]),
      send: send("POST", "/api/purchase/", purchaseBody(doc, type)),
      apply(body) {
        adoptPurchaseRows(doc, body);
        const p: PurchaseDoc = { ...doc, id: (body as PurchaseAnswer).id, allocated: 0, live: true };
        books.purchases.push(p);
        applyPurchaseMoney(p, 1);
      },
    };
  };

  const purchaseChangeable = (p: PurchaseDoc) => firstBroken(purchaseChangeRule(p)) === null;
  /** An edit that pays more from the cashbox than it holds besides what the purchase paid before. */
  const overdrawsOnEdit = (p: PurchaseDoc, counter: number) => p.cashbox !== null && counter - p.counter > books.balance(p.cashbox);

  const purchaseEdit: Builder = () => {
    const p = pickTarget(
      books.purchases.filter((x) => x.live),
      purchaseChangeable,
    );
    if (!p) return null;
    const lines = p.lines.map((l) => ({ ...l, quantity: 1000 * dice.int(1, 20), price: dice.chance(0.3) ? price(p.currency) : l.price }));
    const total = linesTotal(lines);
    const discount = p.discount <= total ? p.discount : 0;
    const counter = p.cashbox !== null && dice.chance(0.3) ? dice.int(0, total - discount) : p.counter;
    return {
      label: `purchase-edit ${p.id} paid=${money(counter)} [${lines.map((l) => `i${l.item}x${l.quantity / 1000}@${money(l.price)}`).join(",")}]`,
      refusedBecause: firstBroken([
        ...purchaseChangeRule(p),
        [counter > total - discount, "paid above the new net"],
        [overdrawsOnEdit(p, counter), "the cashbox balance is not enough"],
      ]),
      send: send("PUT", `/api/purchase/${p.id}/`, purchaseBody({ ...p, lines, discount, counter }, p.cashbox === null ? "debit" : "cash")),
      apply(body) {
        applyPurchaseMoney(p, -1);
        adoptPurchaseRows({ inventory: p.inventory, lines }, body);
        Object.assign(p, { lines, discount, counter });
        applyPurchaseMoney(p, 1);
      },
    };
  };

  const purchaseDelete: Builder = () => {
    const p = pickTarget(
      books.purchases.filter((x) => x.live),
      purchaseChangeable,
    );
    if (!p) return null;
    return {
      label: `purchase-delete ${p.id}`,
      refusedBecause: firstBroken(purchaseChangeRule(p)),
      send: send("DELETE", `/api/purchase/${p.id}/`),
      apply() {
        applyPurchaseMoney(p, -1);
        p.live = false;
      },
    };
  };

  return { purchase, purchaseEdit, purchaseDelete };
}
