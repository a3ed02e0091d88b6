import type { AppRoute } from "../route-types";
import { accountingRoutes } from "./accounting";
import { hrRoutes } from "./hr";
import { purchaseRoutes } from "./purchase";
import { reportRoutes } from "./report";
import { saleRoutes } from "./sale";
import { settingRoutes } from "./setting";
import { stockRoutes } from "./stock";

/**
 * The routes of the seven sidebar areas, in the sidebar's order. The sidebar and the dashboard's links read
 * these, not the whole route table: the table's root route loads the dashboard, which would then import
 * itself through the table.
 */
export const AREA_ROUTES: readonly AppRoute[] = [
  ...stockRoutes,
  ...purchaseRoutes,
  ...saleRoutes,
  ...accountingRoutes,
  ...reportRoutes,
  ...hrRoutes,
  ...settingRoutes,
];
