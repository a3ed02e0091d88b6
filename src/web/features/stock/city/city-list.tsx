import { Text } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";

// Minimal placeholder created by the shell so the route table builds; the master-data owner replaces it.
export default function Placeholder() {
  return (
    <Text color="fg.muted" py="10" textAlign="center">
      <Trans>This screen is not built yet.</Trans>
    </Text>
  );
}
