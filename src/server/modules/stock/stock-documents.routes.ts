import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";

/** Inventory stock transfers, damaged stock types, damaged stock. Filled in by the stock documents module. */
export function registerStockDocumentRoutes(_app: FastifyInstance, _deps: { db: Db }): void {}
