import { useCallback } from "react";
import { useNavigate } from "react-router";
import { useLingui } from "@lingui/react/macro";
import { showError, showSuccess } from "../../lib/toast";
import type { DocumentResource } from "../../offline/command-table";
import { documentCommands, formArgs, runCommand, sendCommand } from "../../offline/commands";
import { useCreateOutcome } from "./use-create-outcome";

export interface DocumentSubmitOptions {
  /** The document whose `<resource>-create` and `<resource>-edit` commands it runs, e.g. "purchase". */
  resource: DocumentResource;
  /** The list route, e.g. "/purchase/purchase" (the view is <listPath>/<id>/view). */
  listPath: string;
  /** Where a create queued offline goes (default: the list). */
  queuedPath?: (entryId: number) => string;
}

export interface DocumentSubmitHandlers {
  /** The edit was refused (or failed): the API client's error, to show on the form. */
  editFailed: (error: unknown) => void;
  /** The create was refused: the server's (or the device's) body, to show on the form. */
  createRefused: (body: unknown) => void;
}

/**
 * The save of every document form: a create through the outbox (queued offline: "Saved, will sync",
 * back to the list or the pending record; created: its printable view), an edit sent online and then
 * the view. The form keeps only how it shows a refusal.
 */
export function useDocumentSubmit(options: DocumentSubmitOptions) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { resource, listPath, queuedPath } = options;
  const followCreate = useCreateOutcome({ listPath, queuedPath });
  return useCallback(
    async (id: number | string | null, body: object, handlers: DocumentSubmitHandlers) => {
      const { create, edit } = documentCommands(resource);
      if (id) {
        try {
          await sendCommand(edit, formArgs(edit, { id, body }));
          showSuccess(t`Updated successfully`);
          navigate(`${listPath}/${id}/view`);
        } catch (error) {
          handlers.editFailed(error);
        }
        return;
      }
      try {
        const refused = followCreate(await runCommand(create, formArgs(create, body)));
        if (refused) handlers.createRefused(refused);
      } catch (error) {
        showError(error instanceof Error ? error.message : String(error));
      }
    },
    [resource, listPath, followCreate, navigate, t],
  );
}
