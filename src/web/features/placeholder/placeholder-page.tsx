import { Button, Center, Heading, Icon, Stack, Text } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { LuConstruction } from "react-icons/lu";
import { useLingui } from "@lingui/react";
import { useMatches, useNavigate } from "react-router";
import { translateTitle } from "../../app/route-title";
import type { RouteTitle } from "../../app/route-types";

/** The honest stand-in for every screen that is not built yet; the page title still names the screen. */
export default function PlaceholderPage() {
  const navigate = useNavigate();
  const { i18n } = useLingui();
  const handle = useMatches().at(-1)?.handle as { title?: RouteTitle } | undefined;
  return (
    <Center py="20">
      <Stack align="center" gap="4" textAlign="center" maxW="lg">
        <Icon as={LuConstruction} boxSize="12" color="brand.fg" />
        <Heading size="xl">{translateTitle(i18n, handle?.title)}</Heading>
        <Text color="fg.muted">
          <Trans>This screen is not built yet.</Trans>
        </Text>
        <Button variant="outline" onClick={() => navigate(-1)}>
          <Trans>Go back</Trans>
        </Button>
      </Stack>
    </Center>
  );
}
