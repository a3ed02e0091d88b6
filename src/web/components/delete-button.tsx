import { useState } from "react";
import { IconButton, Portal, Tooltip } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { LuTrash2 } from "react-icons/lu";
import { showSuccess } from "../lib/toast";
import { useHasPermission } from "../lib/use-permission";
import type { CommandArgs, DeleteCommandName } from "../offline/command-table";
import { sendCommand } from "../offline/commands";
import { useCommandGate } from "../offline/network-gate";
import { ConfirmDialog } from "./confirm-dialog";

export interface DeleteButtonProps<N extends DeleteCommandName> {
  /** Delete permission code (SPEC default '{secret}' means nobody but a superuser). */
  permission?: string;
  /** The delete command, e.g. "item-group-delete", and what it deletes (the record's id). */
  command: N;
  args: CommandArgs<N>;
  onDeleted?: () => void;
}

/** Row delete action: asks for confirmation, deletes, toasts "Deleted successfully". */
export function DeleteButton<N extends DeleteCommandName>({ permission = "{secret}", command, args, onDeleted }: DeleteButtonProps<N>) {
  const { t } = useLingui();
  const allowed = useHasPermission([permission]);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  // Deletes need the server (DESIGN section 4): offline the button stays, disabled, and says why.
  const gate = useCommandGate(command);
  if (!allowed) return null;

  const confirm = async () => {
    setBusy(true);
    try {
      await sendCommand(command, args);
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
      {!gate.blocked ? (
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
      ) : (
        <OfflineDeleteButton reason={gate.reason} />
      )}
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

/** The disabled delete of an offline device; the tooltip sits on a wrapper because a disabled button gets no pointer events. */
function OfflineDeleteButton({ reason }: { reason: string }) {
  const { t } = useLingui();
  return (
    <Tooltip.Root openDelay={100} positioning={{ placement: "top" }}>
      <Tooltip.Trigger asChild>
        <span
          // Focusable so a keyboard user reaches the reason: a disabled button takes no focus (WAI-ARIA APG).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the wrapper only carries the tooltip
          tabIndex={0}
          aria-label={reason}
          title={reason}
          style={{ display: "inline-flex" }}
        >
          <IconButton aria-label={t`Delete`} size="xs" variant="ghost" colorPalette="red" disabled pointerEvents="none">
            <LuTrash2 />
          </IconButton>
        </span>
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{reason}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
