import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { openingBalanceSchema } from "../../../core/validation/opening-balance-schema";
import type { Db, Executor } from "../../db/client";
import { authOf, type AuthContext } from "../../http/access";
import { idempotentCreate, readFormToken } from "../../http/idempotency";
import type { ListSpec } from "../../http/list-engine";
import { registerListRoutes } from "../../http/list-routes";
import { parseId, readOne } from "../../http/resource";
import { documentFields, documentTailSelect } from "./ledger-document";
import { createOpeningBalanceTx, deleteOpeningBalanceTx, updateOpeningBalanceTx } from "./opening-balance.service";
import { routeConfig, withInputDate } from "./route-config";

/** What the document's stock is worth at cost, and how many lines each section has (the list's columns). */
const stockValueSql = sql`(select coalesce(sum(s.total_cost), 0) from opening_balance_stock s where s.opening_balance_id = d.id)`;
const countOf = (kind: string) =>
  sql`(select count(*)::int from opening_balance_money m where m.opening_balance_id = d.id and m.kind = ${kind})`;

export const openingBalanceList: ListSpec = {
  source: sql`opening_balance d
    join branch b on b.id = d.branch_id
    left join app_user u on u.id = d.created_by`,
  select: sql`d.id, d.branch_id as branch, b.name as branch_name, d.invoice_no, ${stockValueSql}::text as stock_value,
    ${countOf("cashbox")} as cashbox_count, ${countOf("customer")} as customer_count, ${countOf("supplier")} as supplier_count,
    (select count(*)::int from opening_balance_stock s where s.opening_balance_id = d.id) as stock_count, ${documentTailSelect}`,
  branch: sql`d.branch_id`,
  dates: { input_date: sql`d.input_date` },
  fields: {
    ...documentFields,
    branch_name: { sql: sql`b.name`, type: "text" },
    stock_value: { sql: stockValueSql, type: "number" },
  },
  search: [sql`b.name`, sql`d.invoice_no::text`, sql`d.note`],
  sums: { stock_value: stockValueSql },
};

/** The four sections of lines, with the names the view and the form show. */
const linesSql = sql`
  (select coalesce(json_agg(json_build_object('cashbox', m.cashbox_id, 'cashbox_name', c.name, 'currency', m.currency_id,
      'currency_code', cu.code, 'exchange_rate', m.exchange_rate::text, 'amount', m.amount::text) order by m.id), '[]')
    from opening_balance_money m join cashbox c on c.id = m.cashbox_id join currency cu on cu.id = m.currency_id
    where m.opening_balance_id = d.id and m.kind = 'cashbox') as cashboxes,
  (select coalesce(json_agg(json_build_object('customer', m.customer_id, 'customer_name', p.name, 'currency', m.currency_id,
      'currency_code', cu.code, 'exchange_rate', m.exchange_rate::text, 'amount', m.amount::text) order by m.id), '[]')
    from opening_balance_money m join customer p on p.id = m.customer_id join currency cu on cu.id = m.currency_id
    where m.opening_balance_id = d.id and m.kind = 'customer') as customers,
  (select coalesce(json_agg(json_build_object('supplier', m.supplier_id, 'supplier_name', p.name, 'currency', m.currency_id,
      'currency_code', cu.code, 'exchange_rate', m.exchange_rate::text, 'amount', m.amount::text) order by m.id), '[]')
    from opening_balance_money m join supplier p on p.id = m.supplier_id join currency cu on cu.id = m.currency_id
    where m.opening_balance_id = d.id and m.kind = 'supplier') as suppliers,
  (select coalesce(json_agg(json_build_object('inventory', s.inventory_id, 'inventory_name', i.name, 'item', s.item_id,
      'item_name', it.name, 'item_code', it.code, 'stock', s.stock_id, 'batch_number', s.batch_number, 'expire_date', s.expire_date,
      'quantity', s.quantity::text, 'cost', s.cost::text, 'total_cost', s.total_cost::text) order by s.id), '[]')
    from opening_balance_stock s join inventory i on i.id = s.inventory_id join item it on it.id = s.item_id
    where s.opening_balance_id = d.id) as stock`;

export const readOpeningBalance = (ex: Executor, id: number, auth: AuthContext) =>
  readOne<Record<string, unknown>>(ex, openingBalanceList, sql`d.id`, id, auth, linesSql);

const CODES = {
  view: ["view_openingbalance"],
  add: ["add_openingbalance"],
  change: ["change_openingbalance"],
  delete: ["delete_openingbalance"],
};

const bodyOf = (request: FastifyRequest) => withInputDate((request.body ?? {}) as Record<string, unknown>);
const idOf = (request: FastifyRequest) => parseId((request.params as { id: string }).id);

/** accounting/opening-balance/: paged list, totals, read, idempotent create, edit and delete. */
export function registerOpeningBalanceRoutes(app: FastifyInstance, db: Db): void {
  const base = "/api/accounting/opening-balance/";
  registerListRoutes(app, db, base, openingBalanceList, { view: CODES.view });
  app.get(`${base}:id/`, { config: { access: { permissions: CODES.view } } }, async (request) =>
    readOpeningBalance(db, idOf(request), authOf(request)),
  );
  app.post(base, { config: routeConfig(CODES.add, openingBalanceSchema) }, async (request, reply) => {
    const auth = authOf(request);
    const payload = bodyOf(request);
    const result = await idempotentCreate(db, auth, payload, async (tx) => {
      const id = await createOpeningBalanceTx(tx, auth, payload, readFormToken(payload));
      return { status: 201, body: await readOpeningBalance(tx, id, auth) };
    });
    return reply.status(result.status).send(result.body);
  });
  app.put(`${base}:id/`, { config: routeConfig(CODES.change, openingBalanceSchema) }, async (request) => {
    const auth = authOf(request);
    const id = idOf(request);
    return db.transaction(async (tx) => {
      await updateOpeningBalanceTx(tx, auth, id, bodyOf(request));
      return readOpeningBalance(tx, id, auth);
    });
  });
  app.delete(`${base}:id/`, { config: { access: { permissions: CODES.delete } } }, async (request) => {
    const auth = authOf(request);
    const id = idOf(request);
    await db.transaction((tx) => deleteOpeningBalanceTx(tx, auth, id));
    return { message: "Deleted successfully" };
  });
}
