import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { registerResource } from "../../http/resource";
import { registerDamagedStockRoutes } from "./damaged-stock.routes";
import { damagedStockTypeResource } from "./damaged-stock-type.resource";
import { registerTransferRoutes } from "./transfer.routes";

/** Inventory stock transfers, damaged stock types, damaged stock (SPEC section 2, Stock). */
export function registerStockDocumentRoutes(app: FastifyInstance, deps: { db: Db }): void {
  registerResource(app, deps, damagedStockTypeResource);
  registerTransferRoutes(app, deps);
  registerDamagedStockRoutes(app, deps);
}
