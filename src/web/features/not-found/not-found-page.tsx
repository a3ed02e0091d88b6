import { Button, Center, Heading, Stack, Text } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { Link } from "react-router";

export default function NotFoundPage() {
  return (
    <Center py="20">
      <Stack align="center" gap="4" textAlign="center">
        <Text fontSize="6xl" fontWeight="bold" color="brand.fg">
          404
        </Text>
        <Heading size="xl">
          <Trans>Page not found</Trans>
        </Heading>
        <Text color="fg.muted">
          <Trans>The page does not exist or you do not have permission to open it.</Trans>
        </Text>
        <Button asChild colorPalette="brand">
          <Link to="/">
            <Trans>Back to dashboard</Trans>
          </Link>
        </Button>
      </Stack>
    </Center>
  );
}
