import { Badge, Box, Card, Flex, Heading, Icon, SimpleGrid, Stack, Text, Wrap } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useAtomValue } from "jotai";
import { Link } from "react-router";
import { DISPLAY_TIME, formatDate } from "../../../core/dates";
import { visibleAreas } from "../../app/nav-areas";
import { translateTitle } from "../../app/route-title";
import { storedUserAtom } from "../../lib/app-state";
import { useOnline } from "../../offline/sync-status";
import { DashboardCards } from "./dashboard-cards";
import { DashboardCharts } from "./dashboard-charts";
import { useDashboard } from "./use-dashboard";

/** Welcome, the figures of the day (cards and charts the user may see), the user's branches, and quick links. */
export default function DashboardPage() {
  const { i18n, t } = useLingui();
  const user = useAtomValue(storedUserAtom);
  const online = useOnline();
  const dashboard = useDashboard(user, online);
  const name = [user?.first_name, user?.last_name].filter(Boolean).join(" ") || user?.username || "";
  const areas = visibleAreas(user);
  // The sections under the day's figures wait until those are settled (answered, failed or offline):
  // they then appear once, in their place, instead of being pushed down when the cards and charts
  // arrive (layout shift, issue 12).
  const settled = dashboard.answer !== null || dashboard.failed || !online;

  return (
    <Stack gap="6">
      <Heading size="2xl">
        <Trans>Welcome, {name}</Trans>
      </Heading>

      {dashboard.at ? (
        // Always there once figures show (no shift when the fresh answer replaces the device's copy).
        <Text fontSize="sm" color="fg.muted" role="status">
          {!dashboard.kept
            ? t`Figures of ${formatDate(dashboard.at, DISPLAY_TIME)}`
            : dashboard.loading
              ? t`Figures of ${formatDate(dashboard.at, DISPLAY_TIME)}, updating…`
              : t`Figures of ${formatDate(dashboard.at, DISPLAY_TIME)}, kept on this device`}
        </Text>
      ) : null}
      <DashboardCards answer={dashboard.answer} loading={dashboard.loading} failed={dashboard.failed} online={online} />
      {dashboard.answer?.sales ? <DashboardCharts sales={dashboard.answer.sales} today={dashboard.answer.today} /> : null}

      {settled && (
        <>
          <Stack gap="3">
            <Heading size="lg">
              <Trans>Your branches</Trans>
            </Heading>
            {user && user.branches.length > 0 ? (
              <Wrap gap="3">
                {user.branches.map((branch) => (
                  <Card.Root key={branch.id} minW="56" borderTopWidth="4px" style={{ borderTopColor: branch.color || undefined }}>
                    <Card.Body gap="2">
                      <Flex align="center" gap="2">
                        <Text fontWeight="semibold">{branch.name}</Text>
                        {branch.id === user.default_branch_id && (
                          <Badge colorPalette="brand">
                            <Trans>Default</Trans>
                          </Badge>
                        )}
                      </Flex>
                      <Text fontSize="sm" color="fg.muted">
                        {branch.inventories.map((inventory) => inventory.name).join(" · ")}
                      </Text>
                    </Card.Body>
                  </Card.Root>
                ))}
              </Wrap>
            ) : (
              <Text color="fg.muted">
                <Trans>No branch is assigned to you yet.</Trans>
              </Text>
            )}
          </Stack>

          <Stack gap="3">
            <Heading size="lg">
              <Trans>Quick links</Trans>
            </Heading>
            {areas.length === 0 ? (
              <Text color="fg.muted">
                <Trans>You have no permission to open any area yet. Ask an administrator.</Trans>
              </Text>
            ) : (
              <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap="4">
                {areas.map((area) => (
                  <Card.Root key={area.key} size="sm">
                    <Card.Header>
                      <Flex align="center" gap="2">
                        <Icon as={area.icon} boxSize="6" color="brand.fg" />
                        <Heading size="md">{i18n._(area.label)}</Heading>
                      </Flex>
                    </Card.Header>
                    <Card.Body>
                      <Stack gap="1">
                        {area.links.slice(0, 6).map((route) => (
                          <Box key={route.name} asChild color="brand.fg" py="1" _hover={{ textDecoration: "underline" }}>
                            <Link to={`/${route.path}`}>{translateTitle(i18n, route.title)}</Link>
                          </Box>
                        ))}
                      </Stack>
                    </Card.Body>
                  </Card.Root>
                ))}
              </SimpleGrid>
            )}
          </Stack>
        </>
      )}
    </Stack>
  );
}
