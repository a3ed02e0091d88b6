import { useState } from "react";
import { IconButton } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { LuTrash2 } from "react-icons/lu";
import { api } from "../lib/api-client";
import { showSuccess } from "../lib/toast";
import { useHasPermission } from "../lib/use-permission";
import { ConfirmDialog } from "./confirm-dialog";

export interface DeleteButtonProps {
  /** Delete permission code (SPEC default '{secret}' means nobody but a superuser). */
  permission?: string;
  /** Primary key of the record. */
  recordKey: number | string;
  /** Resource path, e.g. "item-group/" (DELETE <endpoint><key>/). */
  endpoint: string;
  onDeleted?: () => void;
}

/** Row delete action: asks for confirmation, deletes, toasts "Deleted successfully". */
export function DeleteButton({ permission = "{secret}", recordKey, endpoint, onDeleted }: DeleteButtonProps) {
  const { t } = useLingui();
  const allowed = useHasPermission([permission]);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!allowed) return null;

  const confirm = async () => {
    setBusy(true);
    try {
      const base = endpoint.endsWith("/") ? endpoint : `${endpoint}/`;
      await api.delete(`${base}${recordKey}/`);
      showSuccess(t`Deleted successfully`);
      setOpen(false);
      onDeleted?.();
    } catch {
      // The api client has already shown the server's reason.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <IconButton
        aria-label={t`Delete`}
        size="xs"
        variant="ghost"
        colorPalette="red"
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
        onDoubleClick={(event) => event.stopPropagation()}
      >
        <LuTrash2 />
      </IconButton>
      <ConfirmDialog
        open={open}
        loading={busy}
        title={<Trans>Delete</Trans>}
        body={<Trans>This action deletes data permanently</Trans>}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
