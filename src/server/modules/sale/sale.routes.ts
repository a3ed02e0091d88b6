import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";

/** Sales, sale returns, quotations, installments, extra material. Filled in by the sale module. */
export function registerSaleRoutes(_app: FastifyInstance, _deps: { db: Db }): void {}
