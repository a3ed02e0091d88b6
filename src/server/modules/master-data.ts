import type { FastifyInstance } from "fastify";
import { registerResource, type ResourceDeps } from "../http/resource";
import { registerCustomerBalanceRoute } from "./partners/customer-balance";
import { customerResource } from "./partners/customer.resource";
import { registerPartnerResource } from "./partners/partner.resource";
import { registerSupplierResource } from "./partners/supplier.resource";
import { exchangeRateResource } from "./reference/exchange-rate.resource";
import { cityResource } from "./stock/city.resource";
import { itemGroupResource } from "./stock/item-group.resource";
import { registerItemSearchRoutes } from "./stock/item-search.routes";
import { itemSubgroupResource } from "./stock/item-subgroup.resource";
import { itemResource } from "./stock/item.resource";
import { measurementResource } from "./stock/measurement.resource";

/** The master data of the stock area and the parties: every one a full resource (DESIGN section 3). */
export function registerMasterData(app: FastifyInstance, deps: ResourceDeps) {
  registerResource(app, deps, itemGroupResource);
  registerResource(app, deps, measurementResource);
  registerResource(app, deps, itemSubgroupResource);
  registerResource(app, deps, cityResource);
  // Static search paths before item/:id/ (the router prefers them anyway).
  registerItemSearchRoutes(app, deps);
  registerResource(app, deps, itemResource);
  registerSupplierResource(app, deps);
  registerCustomerBalanceRoute(app, deps);
  registerResource(app, deps, customerResource);
  registerPartnerResource(app, deps);
  registerResource(app, deps, exchangeRateResource);
}
