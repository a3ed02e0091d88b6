import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { purchaseReturnSchema, purchaseSchema } from "../../../core/validation/purchase-schemas";
import { registerDocumentRoutes } from "./document-routes";
import { purchaseDetailSpec, purchaseListSpec } from "./purchase.list";
import { createPurchase, deletePurchase, updatePurchase } from "./purchase.service";
import { purchaseReturnDetailSpec, purchaseReturnListSpec } from "./purchase-return.list";
import { createPurchaseReturn, deletePurchaseReturn, updatePurchaseReturn } from "./purchase-return.service";

/** Purchases and purchase returns: each moves stock and posts to the ledger in its own transaction. */
export function registerPurchaseRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  registerDocumentRoutes(app, db, {
    path: "purchase/",
    model: "purchase",
    table: "purchase",
    list: purchaseListSpec,
    schema: purchaseSchema,
    detail: purchaseDetailSpec,
    idSql: sql`p.id`,
    create: createPurchase,
    update: updatePurchase,
    remove: deletePurchase,
  });
  registerDocumentRoutes(app, db, {
    path: "purchase-return/",
    model: "purchasereturn",
    table: "purchase_return",
    list: purchaseReturnListSpec,
    schema: purchaseReturnSchema,
    detail: purchaseReturnDetailSpec,
    idSql: sql`r.id`,
    create: createPurchaseReturn,
    update: updatePurchaseReturn,
    remove: deletePurchaseReturn,
  });
}
