import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { queryRows } from "../../../src/server/db/client";
import { formToken, type TestApp } from "../support/test-app";

/** What the HR tests share: funded cashboxes, employees with contracts, ledger checks. */
export function hrKit(t: TestApp, admin: () => string) {
  let seq = 0;
  let incomeType: number | null = null;
  const post = async <T = { id: number }>(token: string, path: string, body: Record<string, unknown>) =>
    t.call<T>(token, "POST", `/api/${path}`, { ...body, form_token: formToken(path.replace(/\W/g, "")) });
  return {
    post,
    async cashbox(branch: number, currency: number, funded = "0"): Promise<number> {
      seq += 1;
      const box = await post(admin(), "accounting/cashbox/", { name: `HR box ${seq}`, branch, currency });
      expect(box.status).toBe(201);
      if (funded !== "0") {
        incomeType ??= (await post(admin(), "accounting/income-type/", { name: "HR float" })).body.id;
        const income = await post(admin(), "accounting/income/", {
          branch,
          income_type: incomeType,
          cashbox: box.body.id,
          amount: funded,
          input_date: "2020-01-01",
        });
        expect(income.status).toBe(201);
      }
      return box.body.id;
    },
    async balance(box: number): Promise<string> {
      return (await t.call<{ balance: string }>(admin(), "GET", `/api/accounting/cashbox/${box}/`)).body.balance;
    },
    async employee(token: string, branch: number, name = `Employee ${++seq}`): Promise<number> {
      const res = await post(token, "hr/employee/", { name, gender: "female", branch, salary_structure: "monthly" });
      expect(res.status).toBe(201);
      return res.body.id;
    },
    async contract(token: string, body: Record<string, unknown>) {
      return post<{ id: number; message?: string }>(token, "hr/employee-contract/", { salary_structure: "monthly", ...body });
    },
  };
}

/** Ledger groups (document, currency) whose debits and credits differ. */
export async function unbalancedGroups(t: TestApp): Promise<number> {
  const rows = await queryRows<{ n: string }>(
    t.db,
    sql`select count(*) as n from (select document_type, document_id, currency_id from ledger_entry
          group by 1, 2, 3 having sum(debit) <> sum(credit)) x`,
  );
  return Number(rows[0].n);
}

export async function rowCount(t: TestApp, table: string): Promise<number> {
  const [row] = await queryRows<{ n: string }>(t.db, sql`select count(*) as n from ${sql.identifier(table)}`);
  return Number(row.n);
}

/** debit - credit of an account in a currency. */
export async function accountBalance(t: TestApp, type: string, id: number | null, currency: number): Promise<string> {
  const [row] = await queryRows<{ b: string }>(
    t.db,
    sql`select coalesce(sum(debit - credit), 0)::numeric(18, 2)::text as b from ledger_entry
        where account_type = ${type} and account_id is not distinct from ${id} and currency_id = ${currency}`,
  );
  return row.b;
}
