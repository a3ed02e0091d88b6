import type { FastifyInstance } from "fastify";
import { registerResource, type ResourceDeps } from "../../http/resource";
import { branchResource } from "./branch.resource";
import { inventoryResource } from "./inventory.resource";
import { registerPrintInfoRoutes } from "./print-info.routes";
import { registerSettingsRoutes } from "./settings.routes";

/** The organisation settings: branches, inventories, print headers, settings. */
export function registerOrganisationRoutes(app: FastifyInstance, deps: ResourceDeps) {
  registerResource(app, deps, branchResource);
  registerResource(app, deps, inventoryResource);
  registerPrintInfoRoutes(app, deps);
  registerSettingsRoutes(app, deps);
}
