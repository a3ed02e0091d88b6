import { createContext, useContext } from "react";
import type { MessageDescriptor } from "@lingui/core";

/**
 * What a list, form and view of one record kind share, declared once by its route (`crud()` in
 * app/routes/route-builders.ts): the screens read it instead of spelling out their path, model and
 * delete command again.
 */
export interface RecordRoute {
  /** The route name stem: "city" names city-list, city-add... and the command city-delete. */
  name: string;
  /** The list's route without its leading slash: "stock/city". */
  path: string;
  /** The Django model name of the view_/add_/change_/delete_ codes. */
  model: string;
  plural: MessageDescriptor;
  singular: MessageDescriptor;
  /** The list stays short (types, positions): it is read whole, not page by page (CrudList's `whole`). */
  shortList?: boolean;
}

const RecordRouteContext = createContext<RecordRoute | null>(null);

export const RecordRouteProvider = RecordRouteContext.Provider;

/** The record kind of the screen's route, or null on a screen that is not one of a record's (a report). */
export function useRecordRoute(): RecordRoute | null {
  return useContext(RecordRouteContext);
}
