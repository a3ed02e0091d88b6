import { Badge, Heading, Stack, Text, Wrap } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { useAtomValue } from "jotai";
import { storedUserAtom } from "../../lib/app-state";
import { ChangeInfoForm } from "./change-info-form";
import { ChangePasswordForm } from "./change-password-form";
import { SessionsPanel } from "./sessions-panel";

export default function ProfilePage() {
  const user = useAtomValue(storedUserAtom);
  return (
    <Stack gap="5" maxW="4xl">
      <Stack gap="1">
        <Heading size="2xl">
          <Trans>Profile</Trans>
        </Heading>
        <Text color="fg.muted">{user?.username}</Text>
        <Wrap gap="2">
          {user?.is_superuser && (
            <Badge colorPalette="brand">
              <Trans>Administrator</Trans>
            </Badge>
          )}
          {user?.branches.map((branch) => (
            <Badge key={branch.id} variant="outline">
              {branch.name}
            </Badge>
          ))}
        </Wrap>
      </Stack>
      <ChangeInfoForm />
      <ChangePasswordForm />
      <SessionsPanel />
    </Stack>
  );
}
