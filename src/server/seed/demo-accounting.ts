import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { toIsoDate } from "../../core/dates";
import { div, greaterThan, isPositive, min, round, toDecimalString } from "../../core/money";
import { queryRows, type Tx } from "../db/client";
import { appUser, branch, cashbox, expenseType, incomeType } from "../db/tables";
import type { AuthContext } from "../http/access";
import { cashboxBalance } from "../modules/accounting/cashbox.repository";
import { createCashboxDocumentTx } from "../modules/accounting/cashbox-document.service";
import { createTransferTx } from "../modules/accounting/cashbox-transfer.service";
import { createMoneyDocumentTx } from "../modules/accounting/money-document.service";

const daysAgo = (days: number) => toIsoDate(new Date(Date.now() - days * 86_400_000));

/**
 * Receipts and payments over the demo's sales and purchases, through the same service as the API,
 * so allocations, payment statuses and the ledger agree: each customer with open sales pays about
 * half of what it owes (oldest first), and each supplier with open purchases is paid from the
 * cashbox of that currency as far as its cash goes (a payment never takes a cashbox below zero);
 * then a few incomes and expenses of demo types (an expense only where the cashbox holds enough),
 * and one transfer between the branches' cashboxes.
 */
export async function seedDemoAccounting(tx: Tx): Promise<void> {
  const [admin] = await tx.select({ id: appUser.id }).from(appUser).where(eq(appUser.username, "admin"));
  const branches = await tx.select({ id: branch.id }).from(branch).orderBy(asc(branch.id));
  if (!admin || branches.length === 0) return;
  const auth: AuthContext = { userId: admin.id, tokenId: 0, isSuperuser: true, permissions: [], branchIds: branches.map((b) => b.id) };
  const expenseTypes = await tx
    .insert(expenseType)
    .values([{ name: "Rent" }, { name: "Electricity" }, { name: "Fuel" }, { name: "Office supplies" }])
    .returning();
  const incomeTypes = await tx
    .insert(incomeType)
    .values([{ name: "Delivery fees" }, { name: "Commission" }])
    .returning();
  let day = 20;
  for (const b of branches) {
    const boxes = await tx
      .select()
      .from(cashbox)
      .where(and(eq(cashbox.branchId, b.id), isNull(cashbox.deletedAt)))
      .orderBy(asc(cashbox.id));
    const boxOf = (currencyId: number) => boxes.find((c) => c.currencyId === currencyId);

    const owed = await queryRows<{ party: number; currency_id: number; open: string }>(
      tx,
      sql`select customer_id as party, currency_id, sum(total_price - discount - paid_amount)::text as open from sale
          where branch_id = ${b.id} and deleted_at is null and paid_amount < total_price - discount
          group by 1, 2 order by 1, 2`,
    );
    for (const row of owed) {
      const box = boxOf(row.currency_id);
      if (!box) continue;
      const amount = toDecimalString(round(div(row.open, 2), 0));
      if (!isPositive(amount)) continue;
      day = Math.max(day - 1, 1);
      await createMoneyDocumentTx(
        tx,
        "receipt",
        auth,
        {
          branch: b.id,
          party: row.party,
          cashbox: box.id,
          currency: null,
          amount,
          input_date: daysAgo(day),
          note: "Demo receipt",
          allocations: null,
        },
        null,
      );
    }

    const due = await queryRows<{ party: number; currency_id: number; open: string }>(
      tx,
      sql`select supplier_id as party, currency_id, sum(total_price - discount - paid_amount)::text as open from purchase
          where branch_id = ${b.id} and paid_amount < total_price - discount
          group by 1, 2 order by 1, 2`,
    );
    for (const row of due) {
      const box = boxOf(row.currency_id);
      if (!box) continue;
      const cash = await cashboxBalance(tx, box.id, box.currencyId);
      const amount = toDecimalString(round(min(div(row.open, 3), cash), 0));
      if (!isPositive(amount) || greaterThan(amount, cash)) continue;
      day = Math.max(day - 1, 1);
      await createMoneyDocumentTx(
        tx,
        "payment",
        auth,
        {
          branch: b.id,
          party: row.party,
          cashbox: box.id,
          currency: null,
          amount,
          input_date: daysAgo(day),
          note: "Demo payment",
          allocations: null,
        },
        null,
      );
    }

    // Incomes into each cashbox, then expenses from those that hold enough.
    for (const [i, box] of boxes.entries()) {
      const isBase = i % 2 === 0;
      await createCashboxDocumentTx(
        tx,
        "income",
        auth,
        {
          branch: b.id,
          type: incomeTypes[i % incomeTypes.length].id,
          cashbox: box.id,
          currency: null,
          amount: isBase ? "250000" : "150",
          input_date: daysAgo(12 + i),
          note: "Demo income",
        },
        null,
      );
      for (const [j, type] of expenseTypes.entries()) {
        const amount = isBase ? String(40000 + j * 15000) : String(20 + j * 5);
        if (greaterThan(amount, await cashboxBalance(tx, box.id, box.currencyId))) continue;
        await createCashboxDocumentTx(
          tx,
          "expense",
          auth,
          {
            branch: b.id,
            type: type.id,
            cashbox: box.id,
            currency: null,
            amount,
            input_date: daysAgo(10 - j),
            note: "Demo expense",
          },
          null,
        );
      }
    }
  }

  // A transfer between the branches' cashboxes of one currency, as far as the source holds.
  const all = await tx.select().from(cashbox).where(isNull(cashbox.deletedAt)).orderBy(asc(cashbox.id));
  for (const from of all) {
    const to = all.find((c) => c.id !== from.id && c.currencyId === from.currencyId && c.branchId !== from.branchId);
    if (!to) continue;
    const amount = toDecimalString(round(div(await cashboxBalance(tx, from.id, from.currencyId), 4), 0));
    if (!isPositive(amount)) continue;
    await createTransferTx(
      tx,
      auth,
      { from_cashbox: from.id, to_cashbox: to.id, amount, input_date: daysAgo(3), note: "Demo transfer" },
      null,
    );
    break;
  }
}
