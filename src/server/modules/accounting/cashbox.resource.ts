import { and, eq, isNull, sql } from "drizzle-orm";
import { MESSAGES } from "../../../core/messages";
import { cashboxSchema, type CashboxInput } from "../../../core/validation/accounting-schemas";
import { cashbox, currency } from "../../db/tables";
import { badRequest } from "../../http/errors";
import { isoTimestamp } from "../../http/list-engine";
import { invalidChoice, touched, type ResourceDef } from "../../http/resource";
import { hasAnyPermission, permissionCode } from "../../../core/permissions";
import type { AuthContext } from "../../http/access";
import { cashboxHasEntries, lockCashboxRecord } from "./cashbox.repository";
import { stampFields } from "../../http/stamp-fields";

/**
 * Cashboxes (SPEC sections 2 and 3, DESIGN "Money documents"): name, branch, currency, and the balance
 * of each read from the ledger (debit - credit of the cashbox account in its currency), never a
 * counter. A cashbox with ledger entries cannot be deleted, nor moved to another branch or currency.
 */
const balanceSql = sql`coalesce(bal.balance, 0.00)`;

/** The cashbox list's own code: balances go to those who may list the cashboxes. */
const CASHBOX_BALANCE_CODES = [permissionCode("view", "cashbox")];

export const mayReadCashboxBalances = (auth: AuthContext) =>
  hasAnyPermission({ is_superuser: auth.isSuperuser, permissions: auth.permissions }, CASHBOX_BALANCE_CODES);

export const cashboxResource: ResourceDef<CashboxInput> = {
  path: "accounting/cashbox/",
  model: "cashbox",
  table: "cashbox",
  idSql: sql`cb.id`,
  list: {
    source: sql`cashbox cb
      join branch b on b.id = cb.branch_id
      join currency cu on cu.id = cb.currency_id
      left join lateral (select sum(le.debit - le.credit) as balance from ledger_entry le
        where le.account_type = 'cashbox' and le.account_id = cb.id and le.currency_id = cb.currency_id) bal on true`,
    select: sql`cb.id, cb.name, cb.branch_id as branch, cb.branch_id, b.name as branch_name,
      cb.currency_id as currency, cb.currency_id, cu.code as currency_code, cu.symbol as currency_symbol, ${balanceSql}::text as balance,
      ${isoTimestamp(sql`cb.created_at`)} as created_at, ${isoTimestamp(sql`cb.updated_at`)} as updated_at`,
    baseWhere: sql`cb.deleted_at is null`,
    branch: sql`cb.branch_id`,
    currency: sql`cb.currency_id`,
    fields: {
      id: { sql: sql`cb.id`, type: "integer" },
      name: { sql: sql`cb.name`, type: "text" },
      branch_name: { sql: sql`b.name`, type: "text" },
      currency_code: { sql: sql`cu.code`, type: "text" },
      balance: { sql: balanceSql, type: "number" },
      ...stampFields("cb"),
    },
    search: [sql`cb.name`, sql`b.name`, sql`cu.code`],
    sums: { balance: balanceSql },
  },
  schema: cashboxSchema,
  // Every signed-in user loads the cashboxes of their branches at start-up (SPEC section 4), but only
  // those who may open the cashbox list read what each holds.
  allCodes: [],
  mapRows: (rows, auth) => (mayReadCashboxBalances(auth) ? rows : rows.map((row) => ({ ...row, balance: null }))),
  async check(tx, body, auth, id) {
    if (!auth.branchIds.includes(body.branch)) throw invalidChoice("branch");
    const [cur] = await tx
      .select({ id: currency.id })
      .from(currency)
      .where(and(eq(currency.id, body.currency), isNull(currency.deletedAt)));
    if (!cur) throw invalidChoice("currency");
    if (id === undefined) return;
    const current = await lockCashboxRecord(tx, id);
    if (current && (current.branchId !== body.branch || current.currencyId !== body.currency) && (await cashboxHasEntries(tx, id))) {
      throw badRequest(MESSAGES.cashboxCurrencyLocked);
    }
  },
  async insert(tx, body, auth) {
    const [row] = await tx
      .insert(cashbox)
      .values({ name: body.name, branchId: body.branch, currencyId: body.currency, createdBy: auth.userId })
      .returning({ id: cashbox.id });
    return row.id;
  },
  async update(tx, id, body) {
    await tx
      .update(cashbox)
      .set({ name: body.name, branchId: body.branch, currencyId: body.currency, ...touched() })
      .where(eq(cashbox.id, id));
  },
  async blockDelete(tx, id) {
    return (await cashboxHasEntries(tx, id)) ? MESSAGES.cashboxHasEntries : null;
  },
};
