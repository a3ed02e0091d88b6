import { sql } from "drizzle-orm";
import { toIsoDate } from "../../../core/dates";
import { toDecimalString } from "../../../core/money";
import { postDebitInvoice } from "../../../core/accounting-posting";
import {
  customerDebitInvoiceSchema,
  supplierDebitInvoiceSchema,
  type CustomerDebitInvoiceInput,
  type SupplierDebitInvoiceInput,
} from "../../../core/validation/accounting-document-schemas";
import { queryRows } from "../../db/client";
import type { ListSpec } from "../../http/list-engine";
import { invalidChoice } from "../../http/resource";
import { badRequest } from "../../http/errors";
import { MESSAGES } from "../../../core/messages";
import { paymentStatus } from "../../../core/payment-status";
import { hasAllocations, settledByJson } from "./invoice-allocation.repository";
import { cashboxRate } from "./cashbox-adjustment";
import { documentFields, documentTailSelect, type DocValues, type LedgerDocDef } from "./ledger-document";
import { partyInBranch } from "./money-document.repository";

/**
 * Supplier and customer debit invoices: an amount owed without goods (a fee, an opening
 * balance) in a currency, raising the party's balance on the ledger, so the party's statement shows it
 * and a receipt or payment lowers it. Receipts (customer) and payments (supplier) settle them as they
 * settle sales and purchases (invoice-allocation.repository.ts): each has a paid amount, a remaining
 * amount and a payment status, and one that a receipt or payment settles cannot change (SPEC section 4).
 * Codes: view/add/change/delete_sale_debit_invoice.
 */
type Party = "supplier" | "customer";

interface DebitValues extends DocValues {
  party_id: number;
  currency_id: number;
  exchange_rate: string;
  amount: string;
}

/** SPEC section 4's status over the amount owed and what allocations paid of it. */
const paymentStatusSql = sql`(case when d.paid_amount >= d.amount then 'paid' when d.paid_amount > 0 then 'partial_paid' else 'unpaid' end)`;
const remainingSql = sql`greatest(d.amount - d.paid_amount, 0)`;

const listOf = (party: Party): ListSpec => {
  const table = sql.identifier(`${party}_debit_invoice`);
  const partyTable = sql.identifier(party);
  const partyFk = sql.raw(`d.${party}_id`);
  return {
    source: sql`${table} d
      join branch b on b.id = d.branch_id
      join ${partyTable} p on p.id = ${partyFk}
      join currency cu on cu.id = d.currency_id
      left join app_user u on u.id = d.created_by`,
    select: sql`d.id, d.branch_id as branch, b.name as branch_name, d.invoice_no, ${partyFk} as ${sql.identifier(party)},
      p.name as party_name, d.currency_id as currency, cu.code as currency_code, d.amount::text as amount,
      d.paid_amount::text as paid_amount, ${remainingSql}::text as remaining, ${paymentStatusSql} as payment_status, ${documentTailSelect}`,
    branch: sql`d.branch_id`,
    currency: sql`d.currency_id`,
    dates: { input_date: sql`d.input_date` },
    fields: {
      ...documentFields,
      [party]: { sql: partyFk, type: "integer" },
      party_name: { sql: sql`p.name`, type: "text" },
      currency_code: { sql: sql`cu.code`, type: "text" },
      amount: { sql: sql`d.amount`, type: "number" },
      paid_amount: { sql: sql`d.paid_amount`, type: "number" },
      remaining: { sql: remainingSql, type: "number" },
      payment_status: { sql: paymentStatusSql, type: "text" },
    },
    search: [sql`p.name`, sql`d.invoice_no::text`, sql`d.note`],
    sums: { amount: sql`d.amount`, paid_amount: sql`d.paid_amount`, remaining: remainingSql },
  };
};

const CODES = {
  view: ["view_sale_debit_invoice"],
  add: ["add_sale_debit_invoice"],
  change: ["change_sale_debit_invoice"],
  delete: ["delete_sale_debit_invoice"],
};

type Body = SupplierDebitInvoiceInput | CustomerDebitInvoiceInput;

function debitInvoice<B extends Body>(party: Party, schema: LedgerDocDef<B, DebitValues>["schema"], partyOf: (b: B) => number) {
  const kind = `${party}_debit_invoice` as const;
  const def: LedgerDocDef<B, DebitValues> = {
    table: kind,
    path: `${party}-debit-invoice/`,
    list: listOf(party),
    schema,
    codes: CODES,
    columnNames: { party_id: `${party}_id` },
    columns: {
      branch_id: "int",
      party_id: "int",
      currency_id: "int",
      exchange_rate: "numeric",
      amount: "numeric",
      input_date: "text",
      note: "text",
    },
    cashboxes: () => [],
    readExtra: sql`${settledByJson(kind, sql`d.id`)} as settled_by`,
    // As a sale with receipts: a paid one, or one a receipt or payment settles, cannot change.
    async guard(tx, row) {
      const [stored] = await queryRows<{ amount: string; paid: string }>(
        tx,
        sql`select amount::text as amount, paid_amount::text as paid from ${sql.identifier(kind)} where id = ${row.id}`,
      );
      if (paymentStatus(stored.amount, stored.paid) === "paid") throw badRequest(MESSAGES.paidCannotChange);
      if (await hasAllocations(tx, kind, row.id)) throw badRequest(MESSAGES.linkedCannotChange);
    },
    async prepare(tx, auth, body, _boxes, existing) {
      if (!auth.branchIds.includes(body.branch)) throw invalidChoice("branch");
      const partyId = partyOf(body);
      if (!(await partyInBranch(tx, party === "customer" ? "receipt" : "payment", partyId, body.branch))) throw invalidChoice(party);
      const currency = await queryRows(tx, sql`select 1 from currency where id = ${body.currency} and deleted_at is null`);
      if (currency.length === 0) throw invalidChoice("currency");
      return {
        branch_id: body.branch,
        party_id: partyId,
        currency_id: body.currency,
        exchange_rate: await cashboxRate(tx, body.currency),
        amount: toDecimalString(body.amount),
        input_date: body.input_date ?? existing?.input_date ?? toIsoDate(new Date()),
        note: body.note ?? "",
      };
    },
    posting: (v) =>
      postDebitInvoice({ currency_id: v.currency_id, exchange_rate: v.exchange_rate, party, party_id: v.party_id, amount: v.amount }),
  };
  return def;
}

export const supplierDebitInvoice = debitInvoice<SupplierDebitInvoiceInput>("supplier", supplierDebitInvoiceSchema, (b) => b.supplier);
export const customerDebitInvoice = debitInvoice<CustomerDebitInvoiceInput>("customer", customerDebitInvoiceSchema, (b) => b.customer);
