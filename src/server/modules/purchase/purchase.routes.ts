import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";

/** Purchases and purchase returns (issue: stock and purchasing). Filled in by the purchase module. */
export function registerPurchaseRoutes(_app: FastifyInstance, _deps: { db: Db }): void {}
