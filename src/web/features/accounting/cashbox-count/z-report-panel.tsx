import { Box, Button, Heading, Table, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { api } from "../../../lib/api-client";
import { moneyText } from "../../../components/ledger-document-view";
import { printZReport, zKindLabel, zReportLabels, type ZReportAnswer } from "./z-report-print";

/**
 * The Z report of a count (`countId`) or of the cashbox's open shift (`cashboxId`, the count form's
 * preview): opening, what each kind of document moved, expected, and for a count counted and difference.
 */
export function ZReportPanel(props: { countId?: number; cashboxId?: number; number?: string; currency?: string }) {
  const { countId, cashboxId, number } = props;
  const { t } = useLingui();
  const [report, setReport] = useState<ZReportAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const path = countId ? `accounting/cashbox-count/${countId}/z-report/` : `accounting/cashbox-count/z-report/?cashbox=${cashboxId}`;
  useEffect(() => {
    setReport(null);
    setFailed(false);
    if (!countId && !cashboxId) return;
    api
      .get(path)
      .json<ZReportAnswer>()
      .then(setReport)
      .catch(() => setFailed(true));
  }, [path, countId, cashboxId]);
  if (failed)
    return (
      <Text mt="4" color="fg.error">
        <Trans>The Z report could not be loaded</Trans>
      </Text>
    );
  if (!report) return null;
  const l = zReportLabels();
  const money = (v: string) => moneyText(v, report.count?.currency_code ?? props.currency ?? "").trim();
  const count = report.count;
  const row = (label: string, value: string, documents?: number, strong = false) => (
    <Table.Row key={label} fontWeight={strong ? "bold" : undefined}>
      <Table.Cell>{label}</Table.Cell>
      <Table.Cell textAlign="end">{documents ?? ""}</Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap">
        {value}
      </Table.Cell>
    </Table.Row>
  );
  return (
    <Box mt="6" maxW="lg" data-testid="z-report">
      <Heading size="md" mb="2">
        {l.title}
      </Heading>
      <Table.Root size="sm" variant="outline" aria-label={l.title}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t`Kind`}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{l.documents}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t`Amount`}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {row(l.opening, money(report.opening))}
          {report.lines.map((line) => row(zKindLabel(line.kind), money(line.net), line.documents))}
          {row(l.expected, money(report.expected), undefined, true)}
          {report.counted !== null ? row(l.counted, money(report.counted)) : null}
          {report.difference !== null ? row(l.difference, money(report.difference), undefined, true) : null}
        </Table.Body>
      </Table.Root>
      {count ? (
        <Button mt="3" size="sm" variant="outline" onClick={() => printZReport({ ...report, count }, number ?? "")}>
          <Trans>Print Z report</Trans>
        </Button>
      ) : null}
    </Box>
  );
}
