import { useState } from "react";
import { Button, Dialog, Field, Input, Portal, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { passwordField, passwordIsUsername } from "../../../core/validation/user-schemas";
import { MESSAGES } from "../../../core/messages";
import { toFieldErrors } from "../../lib/api-client";
import { translateMessage } from "../../lib/messages";
import { showSuccess } from "../../lib/toast";
import { useHasPermission } from "../../lib/use-permission";
import { sendCommand } from "../../offline/commands";

/** The admin's Reset password: a new password for the user, whose devices are all signed out. */
export function ResetPasswordButton({ userId, username }: { userId: number; username: string }) {
  const { t } = useLingui();
  const allowed = useHasPermission(["change_user"]);
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!allowed) return null;

  const close = () => {
    setOpen(false);
    setPassword("");
    setError(null);
  };
  const submit = async () => {
    try {
      await passwordField().validate(password);
    } catch (invalid) {
      setError(translateMessage((invalid as Error).message));
      return;
    }
    if (passwordIsUsername(password, username)) {
      setError(translateMessage(MESSAGES.passwordIsUsername));
      return;
    }
    setBusy(true);
    try {
      await sendCommand("user-reset-password", { id: userId, body: { password } });
      showSuccess(t`Updated successfully`);
      close();
    } catch (failure) {
      setError(toFieldErrors(failure).password ?? null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} data-testid="reset-password">
        <Trans>Reset password</Trans>
      </Button>
      <Dialog.Root open={open} onOpenChange={(details) => (!details.open ? close() : undefined)} placement="center">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content maxW="400px">
              <Dialog.Header>
                <Dialog.Title>
                  <Trans>Reset password</Trans>
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text mb="3" fontSize="sm" color="fg.muted">
                  <Trans>The user is signed out on every device and signs in again with the new password.</Trans>
                </Text>
                <Field.Root invalid={Boolean(error)}>
                  <Field.Label>
                    <Trans>New password</Trans>
                  </Field.Label>
                  <Input type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
                  <Field.ErrorText>{error}</Field.ErrorText>
                </Field.Root>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={close} disabled={busy}>
                  <Trans>Cancel</Trans>
                </Button>
                <Button colorPalette="blue" onClick={() => void submit()} loading={busy}>
                  <Trans>Reset password</Trans>
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
