import { firstBroken, type Builder, type Choices, type OpsContext } from "./operation";
import { money, units } from "../books-helpers";

interface OpeningAnswer {
  stock: { stock: number; inventory: number; item: number; batch_number: string; expire_date: string | null }[];
}

/**
 * Opening balances: each branch has the demo's (its opening stock), dated in the past. Once per branch
 * it is edited to add the test's own cashbox, a customer's and a supplier's balance and a new batch of
 * stock, all on the document's date (refused when that date is in a locked period); a second document
 * for a branch is always refused.
 */
export function openingBalanceOps({ world, books, dice, send }: OpsContext, { pickCurrency }: Choices) {
  const edited = new Set<number>();

  const openingBalanceEdit: Builder = () => {
    const branch = world.branches.find((b) => world.openings.has(b.id) && !edited.has(b.id));
    if (!branch) return null;
    const opening = world.openings.get(branch.id)!;
    const cash = dice.int(1, 400) * 500_000;
    const currency = pickCurrency();
    const owed = currency === world.iqd ? dice.int(1, 200) * 500_000 : dice.int(100, 80_000);
    const owing = currency === world.iqd ? dice.int(1, 200) * 500_000 : dice.int(100, 80_000);
    const [customer] = branch.customers;
    const [supplier] = branch.suppliers;
    const item = dice.pick(world.items);
    const inventory = branch.inventories[0];
    const batch = `OB-${branch.id}`;
    const quantity = dice.int(1, 40) * 1000;
    const cost = dice.int(5, 60) * 100_000;
    const lock = books.locks.get(branch.id) ?? null;
    const { lines } = opening;
    return {
      label: `opening balance edit b${branch.id} box=${branch.boxes.thin} +${money(cash)} customer ${customer} +${money(owed)} supplier ${supplier} +${money(owing)} item ${item} ${batch}x${units(quantity)}@${money(cost)}`,
      refusedBecause: firstBroken([[lock !== null && opening.date <= lock, "the period is closed"]]),
      send: send("PUT", `/api/accounting/opening-balance/${opening.id}/`, {
        branch: branch.id,
        input_date: opening.date,
        cashboxes: [...lines.cashboxes, { cashbox: branch.boxes.thin, amount: money(cash) }],
        customers: [...lines.customers, { customer, currency, amount: money(owed) }],
        suppliers: [...lines.suppliers, { supplier, currency, amount: money(owing) }],
        stock: [...lines.stock, { inventory, item, batch_number: batch, expire_date: null, quantity: units(quantity), cost: money(cost) }],
      }),
      apply(body) {
        edited.add(branch.id);
        lines.cashboxes.push({ cashbox: branch.boxes.thin, amount: money(cash) });
        lines.customers.push({ customer, currency, amount: money(owed) });
        lines.suppliers.push({ supplier, currency, amount: money(owing) });
        lines.stock.push({ inventory, item, batch_number: batch, expire_date: null, quantity: units(quantity), cost: money(cost) });
        books.addCash(branch.boxes.thin, cash);
        const days = books.pastDays.get(branch.boxes.thin) ?? new Map<string, number>();
        days.set(opening.date, (days.get(opening.date) ?? 0) + cash);
        books.pastDays.set(branch.boxes.thin, days);
        books.addOwed("customer", customer, currency, owed);
        books.addOwed("supplier", supplier, currency, owing);
        const row = (body as OpeningAnswer).stock.find((l) => l.item === item && l.inventory === inventory && l.batch_number === batch)!;
        books.adopt({ id: row.stock, inventory, item, batch, expire: null });
        books.move(row.stock, quantity);
      },
    };
  };

  const openingBalanceSecond: Builder = () => {
    const branch = dice.pick(world.branches.filter((b) => world.openings.has(b.id)));
    if (!branch) return null;
    return {
      label: `second opening balance b${branch.id}`,
      refusedBecause: "a branch has one opening balance",
      send: send("POST", "/api/accounting/opening-balance/", {
        branch: branch.id,
        input_date: world.openings.get(branch.id)!.date,
        cashboxes: [{ cashbox: branch.boxes.iqd, amount: "1000.00" }],
      }),
      apply() {},
    };
  };

  return { openingBalanceEdit, openingBalanceSecond };
}
