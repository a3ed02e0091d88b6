import { and, asc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { toIsoDate } from "../../core/dates";
import { div, mul, round, sum, toDecimalString } from "../../core/money";
import { netTotal, postSale, saleLineTotals } from "../../core/posting";
import { insertFromJson, queryRows, type Tx } from "../db/client";
import {
  appUser,
  branch,
  cashbox,
  currency,
  customer,
  inventory,
  item,
  ledgerEntry,
  sale,
  saleItem,
  stock,
  stockMovement,
  supplierBranch,
} from "../db/tables";
import type { AuthContext } from "../http/access";
import { createPurchase } from "../modules/purchase/purchase.service";
import { SALE_DOC } from "../modules/sale/sale-document";
import { createSaleReturnTx } from "../modules/sale/sale-return.service";

/** Same small deterministic generator as the other demo files, so every fresh demo database is the same. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const daysAgo = (days: number) => toIsoDate(new Date(Date.now() - days * 86_400_000));
const USD_RATE = "1320";
/** History runs from about six months ago up to the month demo-sales.ts covers. */
const FIRST_DAY = 180;
const LAST_DAY = 31;

interface StockRow {
  id: number;
  itemId: number;
  batchNumber: string;
  expireDate: string | null;
  quantity: string;
  purchasePrice: string;
  salePrice: string;
}

interface PlannedSale {
  date: string;
  customerId: number;
  inUsd: boolean;
  cashboxId: number | null;
  discount: string;
  lines: { row: StockRow; quantity: number; price: string }[];
}

/**
 * Six months of history for the reports: a restocking purchase every seven weeks in each branch
 * (through the purchase service), a few hundred sales inserted in bulk (documents, lines, stock
 * movements and their balanced ledger postings from src/core/posting.ts, numbered in date order), and
 * three returns (through the sale service). Runs before demo-sales.ts, whose recent sales then take
 * the next numbers. Stock, movements and ledger agree as if each sale had been booked one by one.
 */
export async function seedDemoSalesHistory(tx: Tx): Promise<void> {
  const random = generator(1414);
  const [admin] = await tx.select({ id: appUser.id }).from(appUser).where(eq(appUser.username, "admin"));
  const branches = await tx.select({ id: branch.id }).from(branch).orderBy(asc(branch.id));
  if (!admin || branches.length === 0) return;
  const auth: AuthContext = { userId: admin.id, tokenId: 0, isSuperuser: true, permissions: [], branchIds: branches.map((b) => b.id) };
  const [iqd] = await tx.select().from(currency).where(eq(currency.isBase, true));
  const [usd] = await tx.select().from(currency).where(eq(currency.code, "USD"));
  const boxes = await tx.select().from(cashbox).where(isNull(cashbox.deletedAt));

  for (const b of branches) {
    const [inv] = await tx
      .select()
      .from(inventory)
      .where(and(eq(inventory.branchId, b.id), isNull(inventory.deletedAt)))
      .orderBy(asc(inventory.id))
      .limit(1);
    const [served] = await tx
      .select({ id: supplierBranch.supplierId })
      .from(supplierBranch)
      .where(eq(supplierBranch.branchId, b.id))
      .limit(1);
    const customers = await tx
      .select({ id: customer.id, isGeneral: customer.isGeneral })
      .from(customer)
      .where(and(eq(customer.branchId, b.id), isNull(customer.deletedAt)))
      .orderBy(asc(customer.id));
    const general = customers.find((c) => c.isGeneral) ?? customers[0];
    if (!inv || !served || !general) continue;
    const rows: StockRow[] = await tx
      .select({
        id: stock.id,
        itemId: stock.itemId,
        batchNumber: stock.batchNumber,
        expireDate: stock.expireDate,
        quantity: stock.quantity,
        purchasePrice: stock.purchasePrice,
        salePrice: stock.salePrice,
      })
      .from(stock)
      .innerJoin(item, eq(item.id, stock.itemId))
      .where(
        and(
          eq(stock.inventoryId, inv.id),
          isNull(stock.deletedAt),
          gt(stock.purchasePrice, "0"),
          ne(item.itemType, 2),
          eq(item.isActive, true),
        ),
      )
      .orderBy(asc(stock.id))
      .limit(24);
    if (rows.length < 6) continue;

    // A restocking purchase every seven weeks: 50 more of a dozen rows, into the same batches.
    const restocked = new Map<number, number>();
    for (let day = FIRST_DAY + 2; day > LAST_DAY; day -= 49) {
      const chosen = rows.filter((_, index) => (index + day) % 2 === 0).slice(0, 12);
      for (const r of chosen) restocked.set(r.id, (restocked.get(r.id) ?? 0) + 50);
      await createPurchase(
        tx,
        {
          branch: b.id,
          inventory: inv.id,
          supplier: served.id,
          currency: iqd.id,
          payment_type: "debit",
          paid_amount: "0",
          discount: "0",
          input_date: daysAgo(day),
          items: chosen.map((r) => ({
            item: r.itemId,
            quantity: "50",
            purchase_price: r.purchasePrice,
            sale_price: r.salePrice,
            batch_number: r.batchNumber,
            expire_date: r.expireDate,
          })),
        },
        auth,
      );
    }

    // What each row can give to history: what the purchases brought, the demo's own stock kept for the recent sales.
    const left = new Map(rows.map((r) => [r.id, restocked.get(r.id) ?? 0]));
    const named = customers.filter((c) => !c.isGeneral);
    const planned: PlannedSale[] = [];
    for (let day = FIRST_DAY; day > LAST_DAY; day -= 1) {
      const count = Math.floor(random() * 4); // 0 to 3 sales a day
      for (let n = 0; n < count; n += 1) {
        const inUsd = random() < 0.15;
        const lines: PlannedSale["lines"] = [];
        const wanted = 1 + Math.floor(random() * 4);
        for (let k = 0; k < wanted * 3 && lines.length < wanted; k += 1) {
          const row = rows[Math.floor(random() * rows.length)];
          const quantity = 1 + Math.floor(random() * 3);
          if (lines.some((l) => l.row.id === row.id) || (left.get(row.id) ?? 0) < quantity) continue;
          left.set(row.id, (left.get(row.id) ?? 0) - quantity);
          const price = Number(row.salePrice) > 0 ? row.salePrice : toDecimalString(round(div(row.purchasePrice, "0.8")));
          lines.push({ row, quantity, price: inUsd ? toDecimalString(round(div(price, USD_RATE))) : price });
        }
        if (lines.length === 0) continue;
        const onCredit = named.length > 0 && random() < 0.3;
        const box = boxes.find((x) => x.branchId === b.id && x.currencyId === (inUsd ? usd.id : iqd.id));
        planned.push({
          date: daysAgo(day),
          customerId: onCredit ? named[Math.floor(random() * named.length)].id : general.id,
          inUsd,
          cashboxId: onCredit || !box ? null : box.id,
          discount: !inUsd && random() < 0.2 ? "500" : "0",
          lines,
        });
      }
    }
    const saleIds = await insertSales(tx, b.id, inv.id, admin.id, planned, { iqd: iqd.id, usd: usd.id }, rows);

    // Three returns in the period, of one unit of a sale's first line, through the service.
    for (let index = 7; index < planned.length; index += Math.max(1, Math.floor(planned.length / 3))) {
      const s = planned[index];
      const line = s.lines[0];
      await createSaleReturnTx(tx, auth, {
        sale: saleIds[index],
        customer: null,
        currency: null,
        input_date: s.date,
        note: "Returned by the customer",
        items: [{ stock: line.row.id, quantity: "1", price: line.price }],
      });
    }
  }
}

/** The planned sales of one branch in bulk: documents, lines, movements, postings; answers their ids in order. */
async function insertSales(
  tx: Tx,
  branchId: number,
  inventoryId: number,
  userId: number,
  planned: readonly PlannedSale[],
  currencies: { iqd: number; usd: number },
  rows: readonly StockRow[],
): Promise<number[]> {
  if (planned.length === 0) return [];
  const [counter] = await queryRows<{ last: number }>(
    tx,
    sql`select coalesce(max(last_number), 0) as last from document_counter where branch_id = ${branchId} and document_type = ${SALE_DOC}`,
  );
  const first = Number(counter?.last ?? 0) + 1;
  const money = planned.map((s) => {
    const lines = s.lines.map((l) => ({ ...l, ...saleLineTotals({ quantity: l.quantity, price: l.price }) }));
    const total = toDecimalString(sum(lines.map((l) => l.total_price)));
    const net = netTotal(total, s.discount);
    return { lines, total, paid: s.cashboxId ? toDecimalString(net) : "0" };
  });
  const inserted = await tx
    .insert(sale)
    .values(
      planned.map((s, index) => ({
        branchId,
        invoiceNo: first + index,
        customerId: s.customerId,
        inventoryId,
        currencyId: s.inUsd ? currencies.usd : currencies.iqd,
        exchangeRate: s.inUsd ? USD_RATE : "1",
        paymentType: s.cashboxId ? "cash" : "debit",
        cashboxId: s.cashboxId,
        paidAmount: money[index].paid,
        discount: s.discount,
        totalPrice: money[index].total,
        inputDate: s.date,
        createdBy: userId,
      })),
    )
    .returning({ id: sale.id });
  const ids = inserted.map((r) => r.id);
  await tx.execute(
    sql`insert into document_counter (branch_id, document_type, last_number) values (${branchId}, ${SALE_DOC}, ${first + planned.length - 1})
        on conflict (branch_id, document_type) do update set last_number = excluded.last_number`,
  );

  await tx.execute(
    insertFromJson(
      saleItem,
      planned.flatMap((s, index) =>
        money[index].lines.map((l) => ({
          saleId: ids[index],
          stockId: l.row.id,
          itemId: l.row.itemId,
          quantity: String(l.quantity),
          price: l.price,
          netPrice: l.net_price,
          totalPrice: l.total_price,
          costPrice: l.row.purchasePrice,
        })),
      ),
    ),
  );

  // Stock out, each movement with the balance it left, in the order the sales were booked.
  const balances = new Map(
    (
      await queryRows<{ id: number; quantity: string }>(
        tx,
        sql`select id, quantity::text as quantity from stock where id in (${sql.join(
          rows.map((r) => sql`${r.id}`),
          sql`, `,
        )})`,
      )
    ).map((r) => [r.id, Number(r.quantity)]),
  );
  const movements = planned.flatMap((s, index) =>
    s.lines.map((l) => {
      const balance = (balances.get(l.row.id) ?? 0) - l.quantity;
      balances.set(l.row.id, balance);
      return {
        branchId,
        inventoryId,
        stockId: l.row.id,
        itemId: l.row.itemId,
        quantity: String(-l.quantity),
        balanceAfter: String(balance),
        documentType: SALE_DOC,
        documentId: ids[index],
        createdBy: userId,
      };
    }),
  );
  await tx.execute(insertFromJson(stockMovement, movements));
  await tx.execute(
    sql`update stock s set quantity = d.quantity::numeric, updated_at = now() from (values ${sql.join(
      [...balances].map(([id, quantity]) => sql`(${id}::integer, ${String(quantity)})`),
      sql`, `,
    )}) d(id, quantity) where s.id = d.id`,
  );

  const ledger = planned.flatMap((s, index) =>
    postSale({
      currency_id: s.inUsd ? currencies.usd : currencies.iqd,
      exchange_rate: s.inUsd ? USD_RATE : "1",
      customer_id: s.customerId,
      cashbox_id: s.cashboxId,
      total_price: money[index].total,
      discount: s.discount,
      paid_amount: money[index].paid,
      cost_total: sum(s.lines.map((l) => mul(l.row.purchasePrice, l.quantity))),
      base_currency_id: currencies.iqd,
    }).map((l) => ({
      branchId,
      accountType: l.account_type,
      accountId: l.account_id,
      currencyId: l.currency_id,
      debit: l.debit,
      credit: l.credit,
      exchangeRate: l.exchange_rate,
      documentType: SALE_DOC,
      documentId: ids[index],
      entryDate: s.date,
      createdBy: userId,
    })),
  );
  for (let start = 0; start < ledger.length; start += 2000)
    await tx.execute(insertFromJson(ledgerEntry, ledger.slice(start, start + 2000)));
  return ids;
}
