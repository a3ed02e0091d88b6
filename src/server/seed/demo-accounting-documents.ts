import { and, asc, eq, isNull } from "drizzle-orm";
import { toIsoDate } from "../../core/dates";
import { add, div, greaterThan, isPositive, round, sub, toDecimalString } from "../../core/money";
import type { Tx } from "../db/client";
import { appUser, branch, cashbox, currency, customer, partner, supplierBranch } from "../db/tables";
import type { AuthContext } from "../http/access";
import { cashboxBalance } from "../modules/accounting/cashbox.repository";
import { capital } from "../modules/accounting/capital";
import { cashboxAdjustment } from "../modules/accounting/cashbox-adjustment";
import { createCountTx } from "../modules/accounting/cashbox-count";
import { customerDebitInvoice, supplierDebitInvoice } from "../modules/accounting/debit-invoice";
import { createLedgerDocumentTx } from "../modules/accounting/ledger-document";
import { moneyConversion } from "../modules/accounting/money-conversion";
import { createMoneyDocumentTx } from "../modules/accounting/money-document.service";

const daysAgo = (days: number) => toIsoDate(new Date(Date.now() - days * 86_400_000));

/** The admin acting for the demo, in every branch; null before users exist. */
async function demoAuth(tx: Tx): Promise<AuthContext | null> {
  const [admin] = await tx.select({ id: appUser.id }).from(appUser).where(eq(appUser.username, "admin"));
  const branches = await tx.select({ id: branch.id }).from(branch).orderBy(asc(branch.id));
  if (!admin || branches.length === 0) return null;
  return { userId: admin.id, tokenId: 0, isSuperuser: true, permissions: [], branchIds: branches.map((b) => b.id) };
}

async function branchBoxes(tx: Tx, branchId: number) {
  const boxes = await tx
    .select({ id: cashbox.id, currencyId: cashbox.currencyId, isBase: currency.isBase })
    .from(cashbox)
    .innerJoin(currency, eq(currency.id, cashbox.currencyId))
    .where(and(eq(cashbox.branchId, branchId), isNull(cashbox.deletedAt)))
    .orderBy(asc(cashbox.id));
  return { base: boxes.find((b) => b.isBase), foreign: boxes.find((b) => !b.isBase) };
}

/**
 * The owners' capital that opens the demo month, before any purchase pays from a cashbox (seed.ts runs it
 * before the demo stock), so no demo cashbox goes below zero: 30,000,000 into each dinar cashbox and
 * 20,000 into each dollar one, put in by the partner Karwan Trading.
 */
export async function seedDemoCapital(tx: Tx): Promise<void> {
  const auth = await demoAuth(tx);
  if (!auth) return;
  const [owner] = await tx.select({ id: partner.id }).from(partner).where(eq(partner.name, "Karwan Trading"));
  for (const branchId of auth.branchIds) {
    const { base, foreign } = await branchBoxes(tx, branchId);
    for (const [box, amount] of [
      [base, "30000000"],
      [foreign, "20000"],
    ] as const) {
      if (!box) continue;
      await createLedgerDocumentTx(
        tx,
        capital,
        auth,
        {
          branch: branchId,
          direction: "in",
          partner: owner?.id ?? null,
          cashbox: box.id,
          amount,
          input_date: daysAgo(35),
          note: "Opening capital",
        },
        null,
      );
    }
  }
}

/**
 * The rest of the demo month, through the same services as the API (after seedDemoAccounting): in each
 * branch a money conversion of a tenth of the dollar cashbox into dinars at the latest rate, an
 * adjustment of the dollar cashbox (two dollars found), and the evening count of the dinar cashbox,
 * 5,000 short, booked as an adjustment; a delivery fee owed by a customer and an opening balance owed
 * to a supplier (debit invoices); and a partner's drawing of 1,000,000 dinars.
 */
export async function seedDemoAccountingDocuments(tx: Tx): Promise<void> {
  const auth = await demoAuth(tx);
  if (!auth) return;
  for (const branchId of auth.branchIds) {
    const { base, foreign } = await branchBoxes(tx, branchId);
    if (!base || !foreign) continue;
    const dollars = toDecimalString(round(div(await cashboxBalance(tx, foreign.id, foreign.currencyId), 10), 0));
    if (isPositive(dollars))
      await createLedgerDocumentTx(
        tx,
        moneyConversion,
        auth,
        {
          from_cashbox: foreign.id,
          to_cashbox: base.id,
          amount: dollars,
          exchange_rate: null,
          input_date: daysAgo(6),
          note: "Demo conversion",
        },
        null,
      );
    const usd = await cashboxBalance(tx, foreign.id, foreign.currencyId);
    await createLedgerDocumentTx(
      tx,
      cashboxAdjustment,
      auth,
      {
        cashbox: foreign.id,
        counted_balance: toDecimalString(add(usd, 2)),
        reason: "Found in the drawer",
        input_date: daysAgo(4),
        note: "",
      },
      null,
    );
    const dinars = await cashboxBalance(tx, base.id, base.currencyId);
    if (greaterThan(dinars, 5000))
      await createCountTx(
        tx,
        auth,
        { cashbox: base.id, counted_balance: toDecimalString(sub(dinars, 5000)), shift: "Evening", note: "Demo count" },
        null,
      );
    const [buyer] = await tx
      .select({ id: customer.id })
      .from(customer)
      .where(and(eq(customer.branchId, branchId), eq(customer.isGeneral, false), isNull(customer.deletedAt)))
      .orderBy(asc(customer.id));
    if (buyer) {
      const fee = await createLedgerDocumentTx(
        tx,
        customerDebitInvoice,
        auth,
        { branch: branchId, customer: buyer.id, currency: base.currencyId, amount: "25000", input_date: daysAgo(8), note: "Delivery fee" },
        null,
      );
      // The customer pays part of the fee, picked on the receipt: the fee shows Partial Paid.
      await createMoneyDocumentTx(
        tx,
        "receipt",
        auth,
        {
          branch: branchId,
          party: buyer.id,
          cashbox: base.id,
          currency: null,
          amount: "10000",
          input_date: daysAgo(5),
          note: "Part of the delivery fee",
          allocations: [{ kind: "customer_debit_invoice", id: fee.id, amount: "10000", field: "debit_invoices[0].debit_invoice" }],
        },
        null,
      );
    }
    const [seller] = await tx
      .select({ id: supplierBranch.supplierId })
      .from(supplierBranch)
      .where(eq(supplierBranch.branchId, branchId))
      .orderBy(asc(supplierBranch.supplierId));
    if (seller)
      await createLedgerDocumentTx(
        tx,
        supplierDebitInvoice,
        auth,
        {
          branch: branchId,
          supplier: seller.id,
          currency: base.currencyId,
          amount: "500000",
          input_date: daysAgo(30),
          note: "Opening balance",
        },
        null,
      );
    if (greaterThan(await cashboxBalance(tx, base.id, base.currencyId), 1_000_000))
      await createLedgerDocumentTx(
        tx,
        capital,
        auth,
        {
          branch: branchId,
          direction: "out",
          partner: null,
          cashbox: base.id,
          amount: "1000000",
          input_date: daysAgo(2),
          note: "Owner's drawing",
        },
        null,
      );
  }
}
