import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { registerListRoutes } from "../../http/list-routes";
import { creditNoteList } from "./credit-note.list";

/**
 * The open credit notes a receipt (payment) or a sale (purchase) may use, listed like every list
 * (`?customer=&currency=`, its totals, all and export), with the permission of the returns they come from.
 */
export function registerCreditNoteRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  registerListRoutes(app, db, "/api/sale/credit-note/", creditNoteList("sale_return"), { view: ["view_salereturn"] });
  registerListRoutes(app, db, "/api/purchase/credit-note/", creditNoteList("purchase_return"), { view: ["view_purchasereturn"] });
}
