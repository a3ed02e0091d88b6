import { useCallback } from "react";
import { newFormToken } from "../../../core/form-token";
import { api } from "../../lib/api-client";
import { useCurrentUser, useHasPermission } from "../../lib/use-permission";
import { canQuickCreate, quickCreateBody, QUICK_CREATE_PERMISSION, type QuickCreateContext, type QuickCreateKind } from "./quick-create";

const ENDPOINTS: Record<QuickCreateKind, string> = {
  "item-group": "item-group/",
  "item-subgroup": "item-subgroup/",
  city: "city/",
  supplier: "supplier/",
  customer: "customer/",
};

/** The gate and the POST (with a form_token) of a selector's quick-create; `add` stores the new record. */
export function useQuickCreate<T>(kind: QuickCreateKind, allowed: boolean, context: QuickCreateContext, add: (item: T) => void) {
  const user = useCurrentUser();
  const hasPermission = useHasPermission([QUICK_CREATE_PERMISSION[kind]]);
  const canCreate = useCallback((text: string) => canQuickCreate({ allowed, hasPermission, text }), [allowed, hasPermission]);
  const create = useCallback(
    async (text: string): Promise<T | null> => {
      const body = quickCreateBody(kind, text, context);
      if (!body || !user) return null;
      try {
        const created = await api.post(ENDPOINTS[kind], { json: { ...body, form_token: newFormToken(user.id) } }).json<T>();
        add(created);
        return created;
      } catch {
        return null; // The api client toasts the reason.
      }
    },
    [kind, context, user, add],
  );
  return { canCreate, create, enabled: allowed && hasPermission };
}
