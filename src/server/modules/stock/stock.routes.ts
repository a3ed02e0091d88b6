import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";

/** Stock list, search, statement, sale price changes. Filled in by the stock module. */
export function registerStockRoutes(_app: FastifyInstance, _deps: { db: Db }): void {}
