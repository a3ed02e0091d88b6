import type { ReactNode } from "react";
import { Box, Button, Card, Center, HStack, SimpleGrid, Spinner, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { LuPrinter } from "react-icons/lu";
import { formatDate } from "../../core/dates";
import { CardTitle } from "./card-title";
import type { DocumentLine } from "./document/document-lines";
import { DocumentLinesTable } from "./document/document-lines-table";
import { buildTableBody, buildTableHead } from "./print/print-html";
import { usePrint } from "./print/use-print";
import { HistoryPanel } from "./history/history-panel";

export interface ViewField {
  label: string;
  value: ReactNode;
  /** Plain text for the printout (defaults to value when it is a string). */
  text?: string;
}

export interface StockDocumentViewProps {
  title: string;
  listPath: string;
  loading: boolean;
  failed: boolean;
  fields: ViewField[];
  lines: DocumentLine[];
  branchId?: number | null;
  /** Actions the state allows (approve, edit...), before the print buttons. */
  actions?: ReactNode;
  /** Under the lines (a note, who approved). */
  footer?: ReactNode;
}

/**
 * The view of a stock document without money (transfer, damaged stock): as it prints, with the branch
 * header on paper, its fields, its lines (item, batch, expiry, quantity), print A4 or A5.
 */
export function StockDocumentView(props: StockDocumentViewProps) {
  const { t } = useLingui();
  const print = usePrint();
  const doPrint = (a5: boolean) => {
    const meta = props.fields
      .map(
        (f) =>
          `<span style="margin-inline-end:18px"><b>${escape(f.label)}:</b> ${escape(f.text ?? (typeof f.value === "string" ? f.value : ""))}</span>`,
      )
      .join("");
    const head = buildTableHead(["#", t`Item`, t`Barcode`, t`Batch Number`, t`Expire Date`, t`Quantity`]);
    const body = buildTableBody(
      props.lines.map((l, i) => [String(i + 1), l.name, l.barcode ?? "", l.batch_number, formatDate(l.expire_date), l.quantity]),
    );
    print({
      title: props.title,
      a5,
      branchId: props.branchId ?? null,
      body: `<div style="margin:6px 0">${meta}</div><table><thead>${head}</thead><tbody>${body}</tbody></table>`,
    });
  };
  return (
    <Card.Root>
      <Card.Body>
        <CardTitle
          title={props.title}
          back={props.listPath}
          close={props.listPath}
          actions={
            <HStack gap="2" wrap="wrap">
              {props.actions}
              <Button variant="outline" size="sm" disabled={props.loading || props.failed} onClick={() => doPrint(false)}>
                <LuPrinter />
                <Trans>Print A4</Trans>
              </Button>
              <Button variant="outline" size="sm" disabled={props.loading || props.failed} onClick={() => doPrint(true)}>
                <LuPrinter />
                <Trans>Print A5</Trans>
              </Button>
            </HStack>
          }
        />
        {props.loading ? (
          <Center py="10">
            <Spinner />
          </Center>
        ) : props.failed ? (
          <Text>
            <Trans>The record could not be loaded.</Trans>
          </Text>
        ) : (
          <>
            <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="2" mb="4">
              {props.fields.map((f) => (
                <Box key={f.label}>
                  <Text as="span" color="fg.muted">
                    {f.label}:{" "}
                  </Text>
                  <Text as="span" fontWeight="medium">
                    {f.value}
                  </Text>
                </Box>
              ))}
            </SimpleGrid>
            <DocumentLinesTable
              lines={props.lines}
              hidePrice
              showBatch={props.lines.some((l) => l.batch_number)}
              showExpiry={props.lines.some((l) => l.expire_date)}
            />
            {props.footer}
            <HistoryPanel />
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function escape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
