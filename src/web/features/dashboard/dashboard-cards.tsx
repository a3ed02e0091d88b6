import type { ReactNode } from "react";
import { Alert, Badge, Box, Card, Flex, Heading, HStack, SimpleGrid, Skeleton, Stack, Text } from "@chakra-ui/react";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useAtomValue } from "jotai";
import { Link } from "react-router";
import { LuArrowRight } from "react-icons/lu";
import { baseCurrencyAtom } from "../../lib/app-state";
import { changePercent, money, type CurrencyAmount, type DashboardAnswer } from "./dashboard-data";

/** A figure card: its title links to the list or report behind it. */
function FigureCard({ title, to, children }: { title: string; to: string; children: ReactNode }) {
  return (
    <Card.Root size="sm">
      <Card.Header pb="1">
        <Box asChild color="brand.fg" _hover={{ textDecoration: "underline" }}>
          <Link to={to}>
            <HStack justify="space-between" gap="2">
              <Heading size="sm">{title}</Heading>
              <Box as={LuArrowRight} flexShrink={0} css={{ "[dir=rtl] &": { transform: "scaleX(-1)" } }} />
            </HStack>
          </Link>
        </Box>
      </Card.Header>
      <Card.Body pt="1">{children}</Card.Body>
    </Card.Root>
  );
}

/** A big amount with its currency, digits left to right in either direction. */
function Figure({ value, currency, size = "2xl" }: { value: string; currency?: string; size?: "2xl" | "lg" }) {
  return (
    <Text fontSize={size} fontWeight="semibold" dir="ltr" textAlign="start" css={{ "[dir=rtl] &": { textAlign: "end" } }}>
      {money(value)}
      {currency ? (
        <Text as="span" fontSize="sm" color="fg.muted" ms="1">
          {currency}
        </Text>
      ) : null}
    </Text>
  );
}

/** Amounts per currency, one line each, the amount at the end. */
function PerCurrency({ rows, empty }: { rows: readonly CurrencyAmount[]; empty: string }) {
  if (rows.length === 0) return <Text color="fg.muted">{empty}</Text>;
  return (
    <Stack gap="1">
      {rows.map((r) => (
        <Flex key={r.currency} justify="space-between" gap="3">
          <Text color="fg.muted">
            {r.currency_code}
            {r.count !== undefined ? ` · ${r.count}` : ""}
          </Text>
          <Text fontWeight="semibold" dir="ltr">
            {money(r.amount)}
          </Text>
        </Flex>
      ))}
    </Stack>
  );
}

export function DashboardCards({
  answer,
  loading,
  failed,
  online,
}: {
  answer: DashboardAnswer | null;
  loading: boolean;
  failed: boolean;
  online: boolean;
}) {
  const { t } = useLingui();
  const base = useAtomValue(baseCurrencyAtom)?.code ?? "";
  if (!online && !answer) {
    return (
      <Alert.Root status="info" size="sm">
        <Alert.Indicator />
        <Alert.Title>
          <Trans>The day's figures need a connection: they are read from the server</Trans>
        </Alert.Title>
      </Alert.Root>
    );
  }
  if (failed && !answer) {
    return (
      <Alert.Root status="error" size="sm">
        <Alert.Indicator />
        <Alert.Title>
          <Trans>The day's figures could not be loaded.</Trans>
        </Alert.Title>
      </Alert.Root>
    );
  }
  if (!answer) {
    return loading ? (
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height="28" borderRadius="md" />
        ))}
      </SimpleGrid>
    ) : null;
  }
  const { sales, cashboxes, customers_owe, suppliers_owed, installments, min_quantity, expiring } = answer;
  const change = sales ? changePercent(sales.this_month, sales.last_month_to_date) : null;
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4" aria-label={t`Today's figures`} role="region">
      {sales ? (
        <FigureCard title={t`Sales today`} to="/sale/sale">
          <Figure value={sales.today} currency={base} />
          <Text fontSize="sm" color="fg.muted">
            <Plural value={sales.today_count} one="# invoice" other="# invoices" />
          </Text>
        </FigureCard>
      ) : null}
      {sales ? (
        <FigureCard title={t`Sales this month`} to="/sale/sale">
          <Figure value={sales.this_month} currency={base} />
          <HStack gap="2" fontSize="sm" color="fg.muted" wrap="wrap">
            {change !== null ? (
              <Badge colorPalette={change.startsWith("-") ? "red" : "green"} variant="subtle">
                <span dir="ltr">
                  {change.startsWith("-") ? "" : "+"}
                  {change}%
                </span>
              </Badge>
            ) : null}
            <Text>
              <Trans>
                Same days last month <span dir="ltr">{money(sales.last_month_to_date)}</span>; whole last month{" "}
                <span dir="ltr">{money(sales.last_month)}</span>
              </Trans>
            </Text>
          </HStack>
        </FigureCard>
      ) : null}
      {cashboxes ? (
        <FigureCard title={t`Cash in cashboxes`} to="/accounting/cashbox">
          {cashboxes.length === 0 ? (
            <Text color="fg.muted">
              <Trans>No cashbox</Trans>
            </Text>
          ) : (
            <Stack gap="1" maxH="32" overflowY="auto">
              {cashboxes.map((c) => (
                <Flex key={c.id} justify="space-between" gap="3">
                  <Text color="fg.muted" truncate>
                    {c.name}
                  </Text>
                  <Text fontWeight="semibold" dir="ltr" whiteSpace="nowrap">
                    {money(c.balance)} {c.currency_code}
                  </Text>
                </Flex>
              ))}
            </Stack>
          )}
        </FigureCard>
      ) : null}
      {customers_owe ? (
        <FigureCard title={t`Customers owe`} to="/accounting/customer/detail-account-statement">
          <PerCurrency rows={customers_owe} empty={t`Nothing owed`} />
        </FigureCard>
      ) : null}
      {suppliers_owed ? (
        <FigureCard title={t`Owed to suppliers`} to="/accounting/supplier/detail-account-statement">
          <PerCurrency rows={suppliers_owed} empty={t`Nothing owed`} />
        </FigureCard>
      ) : null}
      {installments ? (
        <FigureCard title={t`Installments`} to="/report/sale-premium?status=overdue">
          <Stack gap="2">
            <Box>
              <Text fontSize="sm" fontWeight="medium">
                <Trans>Due today</Trans>
              </Text>
              <PerCurrency rows={installments.due_today} empty={t`Nothing due today`} />
            </Box>
            <Box>
              <Text fontSize="sm" fontWeight="medium" color={installments.overdue.length ? "fg.error" : undefined}>
                <Trans>Overdue</Trans>
              </Text>
              <PerCurrency rows={installments.overdue} empty={t`Nothing overdue`} />
            </Box>
          </Stack>
        </FigureCard>
      ) : null}
      {min_quantity ? (
        <FigureCard title={t`Items at minimum quantity`} to="/report/min-quantity-item">
          <Figure value={String(min_quantity.count)} />
          <Text fontSize="sm" color="fg.muted">
            <Trans>items to order</Trans>
          </Text>
        </FigureCard>
      ) : null}
      {expiring ? (
        <FigureCard title={t`Expiring within ${expiring.within_days} days`} to="/report/expired-item">
          <Figure value={String(expiring.count)} />
          <Text fontSize="sm" color="fg.muted">
            <Trans>
              {expiring.expired_count} already expired; value <span dir="ltr">{money(expiring.value)}</span> {base}
            </Trans>
          </Text>
        </FigureCard>
      ) : null}
    </SimpleGrid>
  );
}
