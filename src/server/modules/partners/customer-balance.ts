import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import type { CustomerBalancePart } from "../../../core/api-types";
import { add, sub, sum, toDecimalString } from "../../../core/money";
import { queryRows, type Db } from "../../db/client";
import { authOf } from "../../http/access";
import { notFound } from "../../http/errors";
import { parseId } from "../../http/resource";
import { invoiceStandingSql } from "../documents/invoice-standing";

/**
 * GET /api/customer/<id>/balance/: what the customer owes (their ledger account, as the statement reads
 * it) in each currency and in the base currency at the rates it was booked at, with its credit limit;
 * and, per currency, what explains the balance: open sales' remaining, open debit invoices, receipts
 * not applied to an invoice and open credit notes. `other` is whatever the documents do not explain
 * (an opening balance, an exchange difference), so the parts always add up to the balance.
 *
 * Who sells to the customer or takes their money reads it (the counter, the sale and receipt forms),
 * besides who sees the customer or their statement. Another branch's customer is 404.
 */
export const CUSTOMER_BALANCE_CODES = ["view_customer", "view_customer_account_statement", "add_sale", "add_receipt"] as const;

type CurrencyRow = Omit<CustomerBalancePart, "other">;

const { remaining } = invoiceStandingSql("s");

export async function customerBalance(db: Db, branchIds: readonly number[], id: number) {
  const [row] = await queryRows<{ branch_id: number; credit_limit: string | null }>(
    db,
    sql`select branch_id, credit_limit::text as credit_limit from customer where id = ${id} and deleted_at is null`,
  );
  if (!row || !branchIds.includes(row.branch_id)) throw notFound();
  const rows = await queryRows<CurrencyRow>(
    db,
    sql`with ledger as (
          select le.currency_id, sum(le.debit - le.credit) as balance, sum(round((le.debit - le.credit) * le.exchange_rate, 2)) as base
          from ledger_entry le where le.account_type = 'customer' and le.account_id = ${id} group by le.currency_id),
        sales as (
          select s.currency_id, sum(${remaining}) as amount, count(*) filter (where ${remaining} > 0) as n
          from sale s where s.customer_id = ${id} and s.deleted_at is null group by s.currency_id),
        debits as (
          select d.currency_id, sum(greatest(d.amount - d.paid_amount, 0)) as amount, count(*) filter (where d.amount > d.paid_amount) as n
          from customer_debit_invoice d where d.customer_id = ${id} group by d.currency_id),
        receipts as (
          select r.currency_id, sum(greatest(r.amount
              - coalesce((select sum(a.amount) from receipt_allocation a where a.receipt_id = r.id), 0)
              - coalesce((select sum(a.amount) from receipt_debit_allocation a where a.receipt_id = r.id), 0), 0)) as amount
          from receipt r where r.customer_id = ${id} group by r.currency_id),
        notes as (
          select r.currency_id, sum(greatest(r.credit_note_amount - coalesce((select sum(u.amount) from credit_note_use u
              where u.return_type = 'sale_return' and u.return_id = r.id), 0), 0)) as amount
          from sale_return r where r.customer_id = ${id} group by r.currency_id),
        currencies as (
          select currency_id from ledger union select currency_id from sales union select currency_id from debits
          union select currency_id from receipts union select currency_id from notes)
        select c.currency_id as currency, cu.code as currency_code,
          coalesce(l.balance, 0)::numeric(18, 2)::text as balance, coalesce(l.base, 0)::numeric(18, 2)::text as balance_in_base,
          coalesce(s.amount, 0)::numeric(18, 2)::text as open_sales, coalesce(s.n, 0)::int as open_sale_count,
          coalesce(d.amount, 0)::numeric(18, 2)::text as debit_invoices, coalesce(d.n, 0)::int as debit_invoice_count,
          coalesce(r.amount, 0)::numeric(18, 2)::text as unapplied_receipts, coalesce(n.amount, 0)::numeric(18, 2)::text as open_credit_notes
        from currencies c join currency cu on cu.id = c.currency_id
          left join ledger l on l.currency_id = c.currency_id left join sales s on s.currency_id = c.currency_id
          left join debits d on d.currency_id = c.currency_id left join receipts r on r.currency_id = c.currency_id
          left join notes n on n.currency_id = c.currency_id
        order by cu.is_base desc, cu.code`,
  );
  const currencies = rows
    .map((r) => {
      const explained = sub(add(r.open_sales, r.debit_invoices), add(r.unapplied_receipts, r.open_credit_notes));
      return { ...r, other: toDecimalString(sub(r.balance, explained)) };
    })
    .filter((r) => [r.balance, r.open_sales, r.debit_invoices, r.unapplied_receipts, r.open_credit_notes].some((v) => Number(v) !== 0));
  return {
    customer: id,
    credit_limit: row.credit_limit,
    balance: toDecimalString(sum(currencies.map((r) => r.balance_in_base))),
    currencies,
  };
}

export function registerCustomerBalanceRoute(app: FastifyInstance, deps: { db: Db }) {
  app.get("/api/customer/:id/balance/", { config: { access: { permissions: CUSTOMER_BALANCE_CODES } } }, async (request) =>
    customerBalance(deps.db, authOf(request).branchIds, parseId((request.params as { id: string }).id)),
  );
}
