import type { MessageDescriptor } from "@lingui/core";
import type { ComponentType, LazyExoticComponent } from "react";
import type { SidebarArea } from "../lib/app-state";
import type { RecordRoute } from "../components/record-route";

/** A route title: a plain descriptor, or an action on an entity ("Add {entity}", "Edit {entity}"...). */
export type RouteTitle = MessageDescriptor | { action: "add" | "edit" | "view"; entity: MessageDescriptor };

export type Screen = LazyExoticComponent<ComponentType> | ComponentType;

/**
 * One entry of the route table (SPEC section 2). Paths are absolute without the leading slash and
 * live under the shell layout; `permissions` empty means no permission needed.
 */
export interface AppRoute {
  name: string;
  path: string;
  title?: RouteTitle;
  permissions: readonly string[];
  screen: Screen;
  /**
   * Drawn with its own style sheet, without Chakra (the first screen after sign-in): Chakra's
   * theme system is not built for it (lib/chakra-on-demand.tsx).
   */
  ownStyle?: true;
  /**
   * Shows without waiting for the offline layer, which then starts once it has painted (app/first-screen.ts):
   * the screen keys nothing and reads nothing of the device's database (the dashboard).
   */
  withoutOutbox?: true;
  /** Set on the screens the sidebar links to; the link text is the title. */
  nav?: SidebarArea;
  /** The record kind whose list, form or view this is (set by `crud()`): its screens read it. */
  record?: RecordRoute;
}
