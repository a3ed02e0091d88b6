import type { FastifyInstance } from "fastify";
import { registerResource, type ResourceDeps } from "../http/resource";
import { itemGroupResource } from "./stock/item-group.resource";

/** The master data of the stock area and the parties: every one a full resource (DESIGN section 3). */
export function registerMasterData(app: FastifyInstance, deps: ResourceDeps) {
  registerResource(app, deps, itemGroupResource);
}
