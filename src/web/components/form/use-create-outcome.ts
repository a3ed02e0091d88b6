import { useCallback } from "react";
import { useNavigate } from "react-router";
import { useLingui } from "@lingui/react/macro";
import { errorAction } from "../../lib/api-errors";
import { translateMessage } from "../../lib/messages";
import { showError, showInfo, showSuccess } from "../../lib/toast";
import type { CreateOutcome } from "../../offline/outbox";

export interface CreateOutcomeRoutes {
  /** The list route, e.g. "/sale/sale" (a created record opens at <listPath>/<id>/view). */
  listPath: string;
  /** Where a create queued offline goes (default: the list). */
  queuedPath?: (entryId: number) => string;
  /** Shows a refusal's toast lines itself instead of a toast (default: a toast). */
  onRefusalText?: (text: string | null) => void;
}

/**
 * What every document screen does with a create's outcome (DESIGN section 4): queued offline,
 * "Saved, will sync" and back to the list (or the pending record); created, "Saved successfully" and
 * its view; refused, the server's message shown. Answers the refused body (for field errors), else null.
 */
export function useCreateOutcome(routes: CreateOutcomeRoutes) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { listPath, queuedPath, onRefusalText } = routes;
  return useCallback(
    (outcome: CreateOutcome): unknown => {
      if (outcome.queued) {
        showInfo(t`Saved, will sync`);
        navigate(queuedPath ? queuedPath(outcome.entryId) : listPath);
        return null;
      }
      if (outcome.ok) {
        showSuccess(t`Saved successfully`);
        const created = outcome.body as { id?: number } | null;
        navigate(created?.id ? `${listPath}/${created.id}/view` : listPath);
        return null;
      }
      const action = errorAction(outcome.status, outcome.body, translateMessage);
      const text = action.kind === "toast" ? action.lines.join("\n") : null;
      if (onRefusalText) onRefusalText(text);
      else if (text) showError(text);
      return outcome.body ?? {};
    },
    [t, navigate, listPath, queuedPath, onRefusalText],
  );
}
