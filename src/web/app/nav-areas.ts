import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { IconType } from "react-icons";
import { LuBoxes, LuChartColumn, LuCog, LuShoppingCart, LuTruck, LuUsers, LuWallet } from "react-icons/lu";
import type { AuthUser } from "../../core/api-types";
import { hasAnyPermission } from "../../core/permissions";
import type { SidebarArea } from "../lib/app-state";
import type { AppRoute } from "./route-types";
import { AREA_ROUTES } from "./routes/areas";

export interface NavArea {
  key: SidebarArea;
  label: MessageDescriptor;
  icon: IconType;
  links: AppRoute[];
}

const AREAS: readonly Omit<NavArea, "links">[] = [
  { key: "stock", label: msg`Stock`, icon: LuBoxes },
  { key: "purchase", label: msg`Purchase`, icon: LuTruck },
  { key: "sale", label: msg`Sale`, icon: LuShoppingCart },
  { key: "accounting", label: msg`Accounting`, icon: LuWallet },
  { key: "report", label: msg`Reports`, icon: LuChartColumn },
  { key: "hr", label: msg`HR`, icon: LuUsers },
  { key: "setting", label: msg`Settings`, icon: LuCog },
];

/** The sidebar areas with only the links the user may open; areas left empty are dropped. */
export function visibleAreas(user: AuthUser | null): NavArea[] {
  return AREAS.map((area) => ({
    ...area,
    links: AREA_ROUTES.filter((route) => route.nav === area.key && hasAnyPermission(user, route.permissions)),
  })).filter((area) => area.links.length > 0);
}
