import { and, asc, eq, gte, isNull, ne } from "drizzle-orm";
import { toIsoDate } from "../../core/dates";
import { div, round, sub, sum, toDecimalString } from "../../core/money";
import { netTotal, saleLineTotals } from "../../core/posting";
import type { SaleInput } from "../../core/validation/sale-schemas";
import type { Tx } from "../db/client";
import { appUser, branch, cashbox, currency, customer, inventory, item, stock } from "../db/tables";
import type { AuthContext } from "../http/access";
import { createQuotationTx } from "../modules/sale/sale-quotation.service";
import { createSaleReturnTx } from "../modules/sale/sale-return.service";
import { createSaleTx } from "../modules/sale/sale.service";

/** Same small deterministic generator as seed.ts, so every fresh demo database is the same. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const daysAgo = (days: number) => toIsoDate(new Date(Date.now() - days * 86_400_000));
const USD_RATE = "1320";

const saleInput = (
  fields: Pick<SaleInput, "branch" | "inventory" | "customer" | "currency" | "items"> & Partial<SaleInput>,
): SaleInput => ({
  exchange_rate: null,
  // Nothing paid and no cashbox: on credit (a cash sale names its cashbox).
  payment_type: "debit",
  cashbox: null,
  paid_amount: "0",
  discount: "0",
  input_date: null,
  note: null,
  is_premium: false,
  months_count: null,
  premium_receipt_amount: null,
  receipt_frequency: null,
  next_receipt_date: null,
  guarantor_name: null,
  guarantor_phone: null,
  guarantor_address: null,
  ...fields,
});

/**
 * A few weeks of sales in both branches (paid, partly paid, on credit, some in USD), two returns,
 * an installment sale and a quotation, through the sale service so stock, movements and the ledger
 * agree. Reads the stock demo-stock.ts left; with no stock it books nothing.
 */
export async function seedDemoSales(tx: Tx): Promise<void> {
  const random = generator(9090);
  const [admin] = await tx.select({ id: appUser.id }).from(appUser).where(eq(appUser.username, "admin"));
  const branches = await tx.select({ id: branch.id }).from(branch).orderBy(asc(branch.id));
  if (!admin || branches.length === 0) return;
  const auth: AuthContext = { userId: admin.id, tokenId: 0, isSuperuser: true, permissions: [], branchIds: branches.map((b) => b.id) };
  const [iqd] = await tx.select().from(currency).where(eq(currency.isBase, true));
  const [usd] = await tx.select().from(currency).where(eq(currency.code, "USD"));
  const boxes = await tx.select().from(cashbox).where(isNull(cashbox.deletedAt));

  for (const [branchIndex, b] of branches.entries()) {
    const [inv] = await tx
      .select()
      .from(inventory)
      .where(and(eq(inventory.branchId, b.id), isNull(inventory.deletedAt)))
      .orderBy(asc(inventory.id))
      .limit(1);
    if (!inv) continue;
    const customers = await tx
      .select()
      .from(customer)
      .where(and(eq(customer.branchId, b.id), isNull(customer.deletedAt)))
      .orderBy(asc(customer.id));
    const general = customers.find((c) => c.isGeneral) ?? customers[0];
    const named = customers.filter((c) => !c.isGeneral);
    if (!general) continue;
    // Stock rows with enough to sell, of goods (services keep no stock, materials are for extras).
    const rows = await tx
      .select({ id: stock.id, quantity: stock.quantity, salePrice: stock.salePrice, purchasePrice: stock.purchasePrice })
      .from(stock)
      .innerJoin(item, eq(item.id, stock.itemId))
      .where(
        and(
          eq(stock.inventoryId, inv.id),
          isNull(stock.deletedAt),
          gte(stock.quantity, "6"),
          ne(item.itemType, 2),
          eq(item.isActive, true),
        ),
      )
      .orderBy(asc(stock.id))
      .limit(60);
    if (rows.length < 4) continue;
    const left = new Map(rows.map((r) => [r.id, Number(r.quantity)]));
    const unitPrice = (r: (typeof rows)[number], inUsd: boolean) => {
      const price = Number(r.salePrice) > 0 ? r.salePrice : toDecimalString(round(div(r.purchasePrice, "0.8")));
      return inUsd ? toDecimalString(round(div(price, USD_RATE))) : price;
    };
    const pickLines = (count: number, inUsd: boolean) => {
      const start = Math.floor(random() * rows.length);
      const lines: SaleInput["items"] = [];
      for (let k = 0; k < rows.length && lines.length < count; k += 1) {
        const r = rows[(start + k * 7) % rows.length];
        if (lines.some((l) => l.stock === r.id)) continue;
        const quantity = 1 + Math.floor(random() * 3);
        if ((left.get(r.id) ?? 0) - quantity < 1) continue;
        left.set(r.id, (left.get(r.id) ?? 0) - quantity);
        lines.push({ stock: r.id, item: null, quantity: String(quantity), price: unitPrice(r, inUsd), fee: null, discount: null });
      }
      return lines;
    };
    const total = (lines: SaleInput["items"]) =>
      sum(lines.map((l) => saleLineTotals({ quantity: l.quantity ?? "1", price: l.price }).total_price));

    const debitSales: { id: number; line: SaleInput["items"][number] }[] = [];
    for (let n = 0; n < 10; n += 1) {
      const inUsd = n % 5 === 4;
      const cur = inUsd ? usd : iqd;
      const box = boxes.find((x) => x.branchId === b.id && x.currencyId === cur.id);
      const lines = pickLines(2 + (n % 3), inUsd);
      if (lines.length === 0) continue;
      const discount = n % 4 === 1 && !inUsd ? "250" : "0";
      const net = netTotal(total(lines), discount);
      const kind = n % 3; // 0 paid, 1 partly paid, 2 on credit
      const paid = kind === 0 ? net : kind === 1 ? round(div(net, 2), 0) : "0";
      const { id } = await createSaleTx(
        tx,
        auth,
        saleInput({
          branch: b.id,
          inventory: inv.id,
          customer: kind === 0 || named.length === 0 ? general.id : named[n % named.length].id,
          currency: cur.id,
          exchange_rate: inUsd ? USD_RATE : null,
          payment_type: kind === 2 || !box ? "debit" : "cash",
          cashbox: kind === 2 || !box ? null : box.id,
          paid_amount: box || kind === 2 ? toDecimalString(paid) : "0",
          discount,
          input_date: daysAgo(27 - n * 3 + branchIndex),
          items: lines,
        }),
        null,
      );
      if (kind === 2) debitSales.push({ id, line: lines[0] });
    }

    // A return of one unit against the first sale on credit.
    const returned = debitSales[0];
    if (returned) {
      await createSaleReturnTx(tx, auth, {
        sale: returned.id,
        customer: null,
        currency: null,
        input_date: daysAgo(5 + branchIndex),
        note: "Damaged packaging",
        items: [{ stock: returned.line.stock as number, quantity: "1", price: returned.line.price }],
      });
    }

    if (branchIndex === 0) {
      // An installment sale over six months, a down payment in cash.
      const lines = pickLines(3, false);
      const customerId = named[0]?.id ?? general.id;
      const box = boxes.find((x) => x.branchId === b.id && x.currencyId === iqd.id);
      if (lines.length) {
        const net = total(lines);
        const down = round(div(net, 5), 0);
        await createSaleTx(
          tx,
          auth,
          saleInput({
            branch: b.id,
            inventory: inv.id,
            customer: customerId,
            currency: iqd.id,
            payment_type: "debit",
            cashbox: box?.id ?? null,
            paid_amount: box ? toDecimalString(down) : "0",
            input_date: daysAgo(20),
            items: lines,
            is_premium: true,
            months_count: 6,
            premium_receipt_amount: toDecimalString(round(div(sub(net, down), 6), 0)),
            receipt_frequency: "monthly",
            next_receipt_date: daysAgo(-10),
            guarantor_name: "Dilshad Omar",
            guarantor_phone: "+964 750 444 1122",
            guarantor_address: "Ankawa, Erbil",
          }),
          null,
        );
      }
      // A quotation, not yet converted.
      const quoteLines = pickLines(2, false);
      if (quoteLines.length) {
        await createQuotationTx(tx, auth, {
          branch: b.id,
          inventory: inv.id,
          customer: customerId,
          currency: iqd.id,
          exchange_rate: null,
          discount: "0",
          input_date: daysAgo(2),
          note: "Valid for one week",
          items: quoteLines.map((l) => ({ stock: l.stock, item: null, quantity: l.quantity, price: l.price })),
        });
      }
    }
  }
}
