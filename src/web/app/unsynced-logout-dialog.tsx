import { useState } from "react";
import { Button, Dialog, Portal, Stack, Text } from "@chakra-ui/react";
import { Plural, Trans } from "@lingui/react/macro";
import { LuDownload } from "react-icons/lu";
import { saveUnsyncedToFile } from "../offline/outbox-file-actions";

export interface UnsyncedLogoutDialogProps {
  count: number;
  /** True: log out (the entries stay on this device); false: stay signed in. */
  onAnswer: (logOut: boolean) => void;
}

/**
 * The question before logging out while documents wait: how many, "Save to file" (a file
 * another device can load: outbox-file.ts), an explicit "Log out anyway", and cancel keeps the user in.
 */
export function UnsyncedLogoutDialog({ count, onAnswer }: UnsyncedLogoutDialogProps) {
  const [saved, setSaved] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      setSaved(await saveUnsyncedToFile());
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog.Root role="alertdialog" open onOpenChange={(details) => (!details.open ? onAnswer(false) : undefined)} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="440px" data-testid="unsynced-logout">
            <Dialog.Header>
              <Dialog.Title>
                <Trans>Logout</Trans>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="2">
                <Text>
                  <Plural
                    value={count}
                    one="# entry is not synced yet. It stays on this device and syncs after you sign in again."
                    other="# entries are not synced yet. They stay on this device and sync after you sign in again."
                  />
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  <Trans>Save them to a file to load them on another device if this one is lost or its storage is cleared.</Trans>
                </Text>
                {saved !== null && saved > 0 && (
                  <Text fontSize="sm" color="fg.success" role="status">
                    <Plural value={saved} one="# entry saved to a file." other="# entries saved to a file." />
                  </Text>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap">
              <Button variant="outline" onClick={() => onAnswer(false)}>
                <Trans>Cancel</Trans>
              </Button>
              <Button variant="outline" onClick={() => void save()} loading={saving}>
                <LuDownload />
                <Trans>Save to file</Trans>
              </Button>
              <Button colorPalette="red" onClick={() => onAnswer(true)} disabled={saving}>
                {saved ? <Trans>Log out</Trans> : <Trans>Log out anyway</Trans>}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
