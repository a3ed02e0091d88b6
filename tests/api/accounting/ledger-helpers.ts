import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { queryRows } from "../../../src/server/db/client";
import { formToken, type TestApp } from "../support/test-app";

/**
 * What the accounting tests of conversions, adjustments, capital and debit invoices share: cashboxes
 * funded through an income, the ledger's balance per document and per currency, and a cashbox's
 * statement against its list balance.
 */
export interface Cashboxes {
  make(currency: number, branch: number, funded?: string): Promise<number>;
  balance(id: number): Promise<string>;
}

export function cashboxes(t: TestApp, admin: () => string): Cashboxes {
  let seq = 0;
  let incomeType: number | null = null;
  const balance = async (id: number) => (await t.call<{ balance: string }>(admin(), "GET", `/api/accounting/cashbox/${id}/`)).body.balance;
  return {
    balance,
    async make(currency, branch, funded = "0") {
      seq += 1;
      const res = await t.call<{ id: number }>(admin(), "POST", "/api/accounting/cashbox/", {
        name: `Box ${Date.now()} ${seq}`,
        branch,
        currency,
        form_token: formToken("cb"),
      });
      expect(res.status).toBe(201);
      if (funded !== "0") {
        incomeType ??= (
          await t.call<{ id: number }>(admin(), "POST", "/api/accounting/income-type/", { name: "Float", form_token: formToken("it") })
        ).body.id;
        const income = await t.call(admin(), "POST", "/api/accounting/income/", {
          branch,
          income_type: incomeType,
          cashbox: res.body.id,
          amount: funded,
          // Funded before any date a test writes on: no cashbox may go below zero on any day.
          input_date: "2020-01-01",
          form_token: formToken("in"),
        });
        expect(income.status).toBe(201);
      }
      return res.body.id;
    },
  };
}

/** Ledger groups (document, currency) whose debits and credits differ: none, after every test. */
export async function unbalancedGroups(t: TestApp): Promise<number> {
  const rows = await queryRows<{ n: string }>(
    t.db,
    sql`select count(*) as n from (select document_type, document_id, currency_id from ledger_entry
          group by 1, 2, 3 having sum(debit) <> sum(credit)) x`,
  );
  return Number(rows[0].n);
}

interface Statement {
  opening_balance: string;
  rows: { document_type: string; document_id: number; document_no: number | null; debit: string; credit: string; balance: string }[];
  closing_balance: string;
}

/** The cashbox's statement, whose closing balance must equal the list's balance. */
export async function cashboxStatement(t: TestApp, token: string, id: number): Promise<Statement> {
  const res = await t.call<Statement>(token, "GET", `/api/accounting/statement/cashbox/?cashbox=${id}`);
  expect(res.status).toBe(200);
  const list = await t.call<{ id: number; balance: string }[]>(token, "GET", `/api/accounting/cashbox/all/`);
  expect(res.body.closing_balance).toBe(list.body.find((c) => c.id === id)?.balance);
  return res.body;
}
