import { Box, Button, Flex, Heading, HStack, Image, SimpleGrid, Table, Text } from "@chakra-ui/react";
import { useAtomValue } from "jotai";
import { Trans, useLingui } from "@lingui/react/macro";
import { LuPrinter } from "react-icons/lu";
import { amountInWords } from "../../../core/number-to-words";
import { printInfosAtom } from "../../lib/app-state";
import { useCodedNumber } from "../../lib/use-document-number";
import { printLogoUrl } from "../print/print-info-cache";
import { usePrint } from "../print/use-print";
import { DocumentLinesTable } from "./document-lines-table";
import { documentHeader, documentPrintOptions, type PrintableDocument, type PrintLabels } from "./document-print-html";
import { DocumentTotals, usePaymentStatusLabel } from "./document-totals";

export type { PrintableDocument, PrintableField } from "./document-print-html";

/** The translated labels of the printout. */
export function usePrintLabels(): (doc: PrintableDocument) => PrintLabels {
  const { t } = useLingui();
  const statusLabel = usePaymentStatusLabel();
  return (doc) => ({
    number: t`Invoice No.`,
    date: t`Date`,
    item: t`Item`,
    batch: t`Batch`,
    expiry: t`Expire Date`,
    quantity: t`Quantity`,
    price: t`Price`,
    fee: t`Fee`,
    discount: t`Discount`,
    net: t`Net Price`,
    total: t`Total`,
    invoiceDiscount: t`Discount`,
    netTotal: t`Net`,
    paid: t`Paid`,
    remaining: t`Remaining`,
    status: t`Payment Status`,
    statusText: statusLabel(doc.totals.status),
    amountInWords: t`Amount in words`,
    note: t`Note`,
  });
}

/** Prints a document with the branch header (A4, or A5 two copies), from whatever data is at hand: works offline. */
export function useDocumentPrint(): (doc: PrintableDocument, a5?: boolean) => void {
  const print = usePrint();
  const labels = usePrintLabels();
  const printInfos = useAtomValue(printInfosAtom);
  const coded = useCodedNumber();
  return (plain, a5 = false) => {
    const doc = coded(plain);
    const header = documentHeader(doc, printInfos);
    const branch = header ? { ...header, logoUrl: printLogoUrl(header.logoUrl) } : null;
    print({ ...documentPrintOptions(doc, labels(doc), a5), branchId: doc.branchId, branch });
  };
}

/** Print A4 and Print A5 buttons. */
export function DocumentPrintButtons({ doc, disabled }: { doc: PrintableDocument | null; disabled?: boolean }) {
  const print = useDocumentPrint();
  return (
    <HStack gap="2">
      <Button variant="outline" size="md" disabled={disabled || !doc} onClick={() => doc && print(doc, false)}>
        <LuPrinter />
        <Trans>Print A4</Trans>
      </Button>
      <Button variant="outline" size="md" disabled={disabled || !doc} onClick={() => doc && print(doc, true)}>
        <LuPrinter />
        <Trans>Print A5</Trans>
      </Button>
    </HStack>
  );
}

/** The document on screen as it prints: branch header, number, date, parties, lines, totals, amount in words. */
export function DocumentPrint({ doc: plain }: { doc: PrintableDocument }) {
  const { t } = useLingui();
  const doc = useCodedNumber()(plain);
  const printInfos = useAtomValue(printInfosAtom);
  const info = documentHeader(doc, printInfos);
  const logo = printLogoUrl(info?.logoUrl);
  return (
    <Box borderWidth="1px" borderRadius="md" p={{ base: "3", md: "5" }} bg="bg" data-testid="document-print">
      {info ? (
        <Flex justify="space-between" align="center" gap="4" pb="3" mb="3" borderBottomWidth="1px" wrap="wrap">
          <Box>
            <Text fontWeight="bold" fontSize="lg">
              {info.name}
            </Text>
            {info.description ? <Text color="fg.muted">{info.description}</Text> : null}
          </Box>
          {logo ? <Image src={logo} alt="" maxH="70px" maxW="160px" /> : null}
          <Box textAlign="end">
            {info.phone ? <Text dir="ltr">{info.phone}</Text> : null}
            {info.address ? <Text>{info.address}</Text> : null}
          </Box>
        </Flex>
      ) : null}
      <Heading size="md" textAlign="center" mb="3">
        {doc.title}
      </Heading>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="2" mb="4">
        <Field label={t`Invoice No.`} value={doc.number} testId="document-number" />
        <Field label={t`Date`} value={doc.date} />
        {doc.fields.map((f) => (
          <Field key={f.label} label={f.label} value={f.value} />
        ))}
      </SimpleGrid>
      <DocumentLinesTable
        lines={doc.lines}
        showBatch={doc.lines.some((l) => l.batch_number)}
        showExpiry={doc.lines.some((l) => l.expire_date)}
      />
      <Flex justify="space-between" align="start" gap="4" mt="4" wrap="wrap">
        <Box flex="1" minW="60">
          <Text fontSize="sm" color="fg.muted">
            <Trans>Amount in words</Trans>
          </Text>
          <Text fontWeight="medium" lang="ckb" dir="rtl" data-testid="amount-in-words">
            {amountInWords(doc.totals.net, doc.currencyCode)}
          </Text>
          {doc.note ? (
            <Text mt="2">
              <Trans>Note</Trans>: {doc.note}
            </Text>
          ) : null}
        </Box>
        <DocumentTotals totals={doc.totals} currency={doc.currencyCode} hidePayment={doc.hidePayment} />
      </Flex>
      {(doc.sections ?? []).map((s) => (
        <Box key={s.title} mt="4">
          <Text fontWeight="bold" mb="1">
            {s.title}
          </Text>
          <Table.Root size="sm" variant="outline">
            <Table.Header>
              <Table.Row>
                {s.head.map((h) => (
                  <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {s.rows.map((r, i) => (
                <Table.Row key={i}>
                  {r.map((c, j) => (
                    <Table.Cell key={j}>{c}</Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      ))}
    </Box>
  );
}

function Field({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Box>
      <Text as="span" color="fg.muted">
        {label}:{" "}
      </Text>
      <Text as="span" fontWeight="medium" data-testid={testId}>
        {value}
      </Text>
    </Box>
  );
}
