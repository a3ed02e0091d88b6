import type { ReactNode } from "react";
import { Button, Dialog, Portal } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  body: ReactNode;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no alert dialog (SPEC section 4 confirmation: confirmed or cancelled). */
export function ConfirmDialog({ open, title, body, loading, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog.Root role="alertdialog" open={open} onOpenChange={(details) => (!details.open ? onCancel() : undefined)} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="400px">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{body}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel} disabled={loading}>
                <Trans>Cancel</Trans>
              </Button>
              <Button colorPalette="red" onClick={onConfirm} loading={loading}>
                <Trans>Confirm</Trans>
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
