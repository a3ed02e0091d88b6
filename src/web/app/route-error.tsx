import { Button, Center, Heading, Stack, Text } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { useRouteError } from "react-router";

/** Shown when a screen throws or its chunk still fails after the one automatic reload. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Center py="16" px="4">
      <Stack align="center" gap="4" textAlign="center">
        <Heading size="lg">
          <Trans>Something went wrong</Trans>
        </Heading>
        <Text color="fg.muted">
          <Trans>There was an error, please refresh the page and try again</Trans>
        </Text>
        <Button colorPalette="brand" onClick={() => window.location.reload()}>
          <Trans>Refresh</Trans>
        </Button>
      </Stack>
    </Center>
  );
}
