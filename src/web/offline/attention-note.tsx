import { useState } from "react";
import { Button, CloseButton, Dialog, Portal, Stack, Text } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { LuCloudAlert } from "react-icons/lu";
import type { OutboxEntry } from "./db";
import { refusalLines, SyncPanel } from "./sync-panel";

/**
 * What a document saved on this device shows once the server refused it: the server's message and
 * the way to the sync panel, where the entry is resent or discarded.
 */
export function AttentionNote({ entry }: { entry: OutboxEntry }) {
  const [open, setOpen] = useState(false);
  return (
    <Stack gap="1" data-testid="attention-note">
      {refusalLines(entry).map((line) => (
        <Text key={line} color="fg.error" fontSize="sm">
          {line}
        </Text>
      ))}
      <Text fontSize="sm" color="fg.muted">
        <Trans>Resend it or discard it in the sync panel.</Trans>
      </Text>
      <Button size="sm" variant="outline" alignSelf="start" onClick={() => setOpen(true)}>
        <LuCloudAlert />
        <Trans>Open the sync panel</Trans>
      </Button>
      <Dialog.Root open={open} onOpenChange={(details) => setOpen(details.open)} placement="center">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>
                  <Trans>Sync</Trans>
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <SyncPanel />
              </Dialog.Body>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Stack>
  );
}
