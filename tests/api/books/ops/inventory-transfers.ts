import { firstBroken, type Builder, type OpsContext, type Choices } from "./operation";
import { units } from "../books-helpers";
import { type StockTransfer } from "../books-model";

/** Inventory transfers: a new one, its approval, an edit, a delete. */
export function stockTransferOps({ world, books, dice, send, stockRows }: OpsContext, { pickTarget, rowsIn, describeLines }: Choices) {
  const transferLines = (from: number) => {
    const lines = dice
      .some(rowsIn(from), dice.int(1, 2))
      .map((r) => ({ stock: r.id, quantity: 1000 * dice.int(1, Math.min(5, Math.floor(r.quantity / 1000))) }));
    if (lines.length && dice.chance(0.1)) lines[0].quantity = books.quantity(lines[0].stock) + 1000;
    return lines;
  };
  const transferBody = (d: Omit<StockTransfer, "id" | "approved" | "live">) => ({
    branch: d.branch.id,
    from_inventory: d.from,
    to_inventory: d.to,
    items: d.lines.map((l) => ({ stock: l.stock, quantity: units(l.quantity) })),
  });
  const overStock = (lines: readonly { stock: number; quantity: number }[]) => lines.some((l) => l.quantity > books.quantity(l.stock));

  const stockTransfer: Builder = () => {
    const branch = dice.pick(world.branches);
    const [from, to] = dice.chance(0.7) ? branch.inventories : [...branch.inventories].reverse();
    const lines = transferLines(from);
    if (lines.length === 0) return null;
    const doc = { branch, from, to, lines };
    return {
      label: `inventory-transfer b${branch.id} ${from} -> ${to} [${describeLines(lines.map((l) => ({ ...l, item: 0 })))}]`,
      refusedBecause: firstBroken([[overStock(lines), "more than the row holds"]]),
      send: send("POST", "/api/inventory-stock-transfer/", transferBody(doc)),
      apply(body) {
        books.stockTransfers.push({ ...doc, id: (body as { id: number }).id, approved: false, live: true });
      },
    };
  };

  /** The target rows an approval filled: the row of the same item, batch and expiry in the target inventory. */
  const adoptTargets = async (d: StockTransfer) => {
    for (const l of d.lines) {
      const source = books.stock.get(l.stock)!;
      const rows = await stockRows("item", [source.item]);
      const target = rows.find(
        (r) => r.inventory === d.to && r.batch_number === source.batch && (r.expire_date ?? null) === (source.expire ?? null),
      );
      if (!target) throw new Error(`transfer ${d.id}: no target row for stock ${l.stock} in inventory ${d.to}`);
      books.adopt({ id: target.id, inventory: d.to, item: source.item, batch: source.batch, expire: source.expire });
      books.move(l.stock, -l.quantity);
      books.move(target.id, l.quantity);
    }
  };

  const stockTransferApprove: Builder = () => {
    const d = pickTarget(
      books.stockTransfers.filter((x) => x.live),
      (x) => !x.approved,
    );
    if (!d) return null;
    return {
      label: `inventory-transfer-approve ${d.id}`,
      refusedBecause: firstBroken([
        [d.approved, "an approved transfer cannot be approved again"],
        [overStock(d.lines), "not enough stock"],
      ]),
      send: send("POST", `/api/inventory-stock-transfer/${d.id}/approve/`),
      async apply() {
        d.approved = true;
        await adoptTargets(d);
      },
    };
  };

  const stockTransferEdit: Builder = () => {
    const d = pickTarget(
      books.stockTransfers.filter((x) => x.live),
      (x) => !x.approved,
    );
    if (!d) return null;
    const lines = transferLines(d.from);
    if (lines.length === 0) return null;
    return {
      label: `inventory-transfer-edit ${d.id} [${describeLines(lines.map((l) => ({ ...l, item: 0 })))}]`,
      refusedBecause: firstBroken([
        [d.approved, "an approved transfer cannot change"],
        [overStock(lines), "more than the row holds"],
      ]),
      send: send("PUT", `/api/inventory-stock-transfer/${d.id}/`, transferBody({ ...d, lines })),
      apply() {
        d.lines = lines;
      },
    };
  };

  const stockTransferDelete: Builder = () => {
    const d = pickTarget(
      books.stockTransfers.filter((x) => x.live),
      (x) => !x.approved,
    );
    if (!d) return null;
    return {
      label: `inventory-transfer-delete ${d.id}`,
      refusedBecause: firstBroken([[d.approved, "an approved transfer cannot be deleted"]]),
      send: send("DELETE", `/api/inventory-stock-transfer/${d.id}/`),
      apply() {
        d.live = false;
      },
    };
  };

  return { stockTransfer, stockTransferApprove, stockTransferEdit, stockTransferDelete };
}
