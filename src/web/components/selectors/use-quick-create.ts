import { useLingui } from "@lingui/react/macro";
import { useCallback } from "react";
import { errorAction } from "../../lib/api-errors";
import { translateMessage } from "../../lib/messages";
import { showError, showInfo } from "../../lib/toast";
import { useCurrentUser, useHasPermission } from "../../lib/use-permission";
import type { QueuedCommandName } from "../../offline/command-table";
import { formArgs, pendingRowOf, runCommand } from "../../offline/commands";
import { canQuickCreate, quickCreateBody, QUICK_CREATE_PERMISSION, type QuickCreateContext, type QuickCreateKind } from "./quick-create";

const COMMANDS = {
  "item-group": "item-group-create",
  "item-subgroup": "item-subgroup-create",
  city: "city-create",
  supplier: "supplier-create",
  customer: "customer-create",
} as const satisfies Record<QuickCreateKind, QueuedCommandName>;

/**
 * The gate and the create of a selector's quick-create, through the outbox (DESIGN section 4):
 * booked -> the server's record; saved offline -> the pending local row, selected like any other
 * (the outbox swaps its key for the server id before the form's own create is sent).
 */
export function useQuickCreate<T>(kind: QuickCreateKind, allowed: boolean, context: QuickCreateContext, add: (item: T) => void) {
  const { t } = useLingui();
  const user = useCurrentUser();
  const hasPermission = useHasPermission([QUICK_CREATE_PERMISSION[kind]]);
  const canCreate = useCallback((text: string) => canQuickCreate({ allowed, hasPermission, text }), [allowed, hasPermission]);
  const create = useCallback(
    async (text: string): Promise<T | null> => {
      const body = quickCreateBody(kind, text, context);
      if (!body || !user) return null;
      try {
        const name = COMMANDS[kind];
        const outcome = await runCommand(name, formArgs(name, body));
        if (outcome.queued) {
          const row = await pendingRowOf(outcome.entryId);
          showInfo(t`Saved, will sync`);
          if (!row) return null;
          add(row as T);
          return row as T;
        }
        if (!outcome.ok) {
          const action = errorAction(outcome.status, outcome.body, translateMessage);
          if (action.kind === "toast") showError(action.lines.join("\n"));
          return null;
        }
        add(outcome.body as T);
        return outcome.body as T;
      } catch (error) {
        showError(error instanceof Error ? error.message : String(error));
        return null;
      }
    },
    [kind, context, user, add, t],
  );
  return { canCreate, create, enabled: allowed && hasPermission };
}
