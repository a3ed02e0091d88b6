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
import { cashboxRate } from "./cashbox-adjustment";
import { documentFields, documentTailSelect, type DocValues, type LedgerDocDef } from "./ledger-document";
import { partyInBranch } from "./money-document.repository";

/**
 * Supplier and customer debit invoices (issue 13): an amount owed without goods (a fee, an opening
 * balance) in a currency, raising the party's balance on the ledger, so the party's statement shows it
 * and a receipt or payment lowers it (what a receipt or payment leaves after the open invoices it
 * settles stays on the party's account and pays these). Codes: view/add/change/delete_sale_debit_invoice.
 */
type Party = "supplier" | "customer";

interface DebitValues extends DocValues {
  party_id: number;
  currency_id: number;
  exchange_rate: string;
  amount: string;
}

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
      p.name as party_name, d.currency_id as currency, cu.code as currency_code, d.amount::text as amount, ${documentTailSelect}`,
    branch: sql`d.branch_id`,
    currency: sql`d.currency_id`,
    dates: { input_date: sql`d.input_date` },
    fields: {
      ...documentFields,
      [party]: { sql: partyFk, type: "integer" },
      party_name: { sql: sql`p.name`, type: "text" },
      currency_code: { sql: sql`cu.code`, type: "text" },
      amount: { sql: sql`d.amount`, type: "number" },
    },
    search: [sql`p.name`, sql`d.invoice_no::text`, sql`d.note`],
    sums: { amount: sql`d.amount` },
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
  const def: LedgerDocDef<B, DebitValues> = {
    table: `${party}_debit_invoice`,
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
