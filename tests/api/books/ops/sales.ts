import { firstBroken, type Builder, type OpsContext, type Choices } from "./operation";
import { money, units } from "../books-helpers";
import { linesTotal, saleNet, liveReturnsOf, owedAfter, type Line, type SaleDoc } from "../books-model";

/** Sales: a new one, an edit, a delete. */
export function saleOps(
  { world, books, dice, send }: OpsContext,
  { pickBox, pickCurrency, price, curName, discountOf, paidOf, pickTarget, rowsIn, describeLines }: Choices,
) {
  const saleLineBody = (l: Line) =>
    l.stock === null ? { item: l.item, price: money(l.price) } : { stock: l.stock, quantity: units(l.quantity), price: money(l.price) };
  const saleBody = (s: Omit<SaleDoc, "id" | "live" | "allocated">, type: string) => ({
    branch: s.branch.id,
    inventory: s.inventory,
    customer: s.customer,
    currency: s.currency,
    payment_type: type,
    cashbox: s.cashbox,
    paid_amount: money(s.counter),
    discount: money(s.discount),
    items: s.lines.map(saleLineBody),
  });
  /** Stock lines over what the rows hold (after `givenBack` is returned to them, for an edit). */
  const stockShort = (lines: readonly Line[], givenBack: (stock: number) => number = () => 0) =>
    lines.some((l) => l.stock !== null && l.quantity > books.quantity(l.stock) + givenBack(l.stock));
  const saleChangeRule = (s: SaleDoc): [boolean, string][] => [
    [s.counter + s.allocated >= owedAfter(saleNet(s), books.saleReturns, s), "a paid sale cannot change"],
    [liveReturnsOf(books.saleReturns, s).length > 0, "a sale with returns cannot change"],
    [s.allocated > 0, "a sale settled by a receipt cannot change"],
  ];
  const applySaleMoney = (s: SaleDoc, sign: 1 | -1) => {
    for (const l of s.lines) if (l.stock !== null) books.move(l.stock, -sign * l.quantity);
    if (s.cashbox !== null) books.addCash(s.cashbox, sign * s.counter);
    books.addOwed("customer", s.customer, s.currency, sign * (saleNet(s) - s.counter));
  };

  const sale: Builder = () => {
    const branch = dice.pick(world.branches);
    const inventory = dice.chance(0.7) ? branch.inventories[0] : branch.inventories[1];
    const currency = pickCurrency();
    const rows = dice.some(rowsIn(inventory), dice.int(1, 3));
    const lines: Line[] = rows.map((r) => ({
      stock: r.id,
      item: r.item,
      quantity: 1000 * dice.int(1, Math.min(5, Math.floor(r.quantity / 1000))),
      price: price(currency),
    }));
    // Sometimes more than the row holds, or a row that holds nothing: refused, nothing moves.
    if (lines.length && dice.chance(0.12)) lines[0].quantity = books.quantity(lines[0].stock!) + 1000 * dice.int(1, 3);
    const empty = rowsIn(inventory, true);
    if (lines.length && empty.length && dice.chance(0.05)) {
      const row = dice.pick(empty);
      Object.assign(lines[0], { stock: row.id, item: row.item, quantity: 1000 });
    }
    if (lines.length === 0 || dice.chance(0.15)) lines.push({ stock: null, item: world.service, quantity: 1000, price: price(currency) });
    const discount = discountOf(linesTotal(lines));
    const { type, paid } = paidOf(linesTotal(lines) - discount);
    const doc = {
      branch,
      inventory,
      customer: dice.pick(branch.customers),
      currency,
      cashbox: type === "cash" ? pickBox(branch, currency) : null,
      lines,
      discount,
      counter: paid,
    };
    return {
      label: `sale b${branch.id} inv${inventory} ${curName(currency)} ${type} paid=${money(paid)} disc=${money(discount)} box=${doc.cashbox} [${describeLines(lines)}]`,
      refusedBecause: firstBroken([[stockShort(lines), "not enough stock"]]),
      send: send("POST", "/api/sale/", saleBody(doc, type)),
      apply(body) {
        const s: SaleDoc = { ...doc, id: (body as { id: number }).id, allocated: 0, live: true };
        books.sales.push(s);
        applySaleMoney(s, 1);
      },
    };
  };

  const saleChangeable = (s: SaleDoc) => firstBroken(saleChangeRule(s)) === null;
  /** An edit or delete takes back counter money that was spent meanwhile: its cashbox would go below zero. */
  const overdrawsOnUndo = (s: SaleDoc, takenBack: number) => s.cashbox !== null && takenBack > 0 && books.balance(s.cashbox) < takenBack;

  const saleEdit: Builder = () => {
    const s = pickTarget(
      books.sales.filter((x) => x.live),
      saleChangeable,
    );
    if (!s) return null;
    const lines: Line[] = s.lines.map((l) => ({ ...l, quantity: l.stock === null ? l.quantity : 1000 * dice.int(1, 4) }));
    const extra = rowsIn(s.inventory).filter((r) => !lines.some((l) => l.stock === r.id));
    if (extra.length && dice.chance(0.3)) {
      const r = dice.pick(extra);
      lines.push({ stock: r.id, item: r.item, quantity: 1000, price: price(s.currency) });
    }
    const total = linesTotal(lines);
    const discount = s.discount <= total ? s.discount : 0;
    // What was paid at the counter changes sometimes; else it stays, or shrinks to the new net when that is lower.
    const counter = s.cashbox !== null && dice.chance(0.3) ? dice.int(0, total - discount) : Math.min(s.counter, total - discount);
    const edited = { ...s, lines, discount, counter };
    const oldQuantity = (stock: number) => s.lines.filter((l) => l.stock === stock).reduce((q, l) => q + l.quantity, 0);
    return {
      label: `sale-edit ${s.id} paid=${money(counter)} [${describeLines(lines)}]`,
      refusedBecause: firstBroken([
        ...saleChangeRule(s),
        [stockShort(lines, oldQuantity), "not enough stock"],
        [overdrawsOnUndo(s, s.counter - counter), "the cashbox balance is not enough"],
      ]),
      send: send("PUT", `/api/sale/${s.id}/`, saleBody(edited, s.cashbox === null ? "debit" : "cash")),
      apply() {
        applySaleMoney(s, -1);
        Object.assign(s, { lines, discount, counter });
        applySaleMoney(s, 1);
      },
    };
  };

  const saleDelete: Builder = () => {
    const s = pickTarget(
      books.sales.filter((x) => x.live),
      saleChangeable,
    );
    if (!s) return null;
    return {
      label: `sale-delete ${s.id}`,
      refusedBecause: firstBroken([...saleChangeRule(s), [overdrawsOnUndo(s, s.counter), "the cashbox balance is not enough"]]),
      send: send("DELETE", `/api/sale/${s.id}/`),
      apply() {
        applySaleMoney(s, -1);
        s.live = false;
      },
    };
  };

  return { sale, saleEdit, saleDelete };
}
