import { sql } from "drizzle-orm";
import { MESSAGES } from "../../../core/messages";
import { accountTypeSchema, type AccountTypeInput } from "../../../core/validation/accounting-schemas";
import { queryRows } from "../../db/client";
import { currentXact, nextSyncVersion } from "../../db/schema/columns";
import { isoTimestamp } from "../../http/list-engine";
import type { ResourceDef } from "../../http/resource";
import { stampFields } from "../../http/stamp-fields";

/** Expense types and income types (SPEC section 2): a name each; one in use by a document cannot be deleted. */
function accountTypeResource(kind: "expense" | "income"): ResourceDef<AccountTypeInput> {
  const table = `${kind}_type`;
  const t = sql.identifier(table);
  return {
    path: `accounting/${kind}-type/`,
    model: `${kind}type`,
    table,
    idSql: sql`a.id`,
    list: {
      source: sql`${t} a`,
      select: sql`a.id, a.name, ${isoTimestamp(sql`a.created_at`)} as created_at, ${isoTimestamp(sql`a.updated_at`)} as updated_at`,
      baseWhere: sql`a.deleted_at is null`,
      fields: {
        id: { sql: sql`a.id`, type: "integer" },
        name: { sql: sql`a.name`, type: "text" },
        ...stampFields("a"),
      },
      search: [sql`a.name`],
    },
    schema: accountTypeSchema,
    async insert(tx, body, auth) {
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`insert into ${t} (name, created_by) values (${body.name}, ${auth.userId}) returning id`,
      );
      return row.id;
    },
    async update(tx, id, body) {
      await tx.execute(
        sql`update ${t} set name = ${body.name}, updated_at = now(), sync_version = ${nextSyncVersion}, xact_id = ${currentXact} where id = ${id}`,
      );
    },
    async blockDelete(tx, id) {
      const used = await queryRows(
        tx,
        sql`select 1 from ${sql.identifier(kind)} where ${sql.identifier(`${kind}_type_id`)} = ${id} limit 1`,
      );
      return used.length > 0 ? MESSAGES.recordInUse : null;
    },
  };
}

export const expenseTypeResource = accountTypeResource("expense");
export const incomeTypeResource = accountTypeResource("income");
