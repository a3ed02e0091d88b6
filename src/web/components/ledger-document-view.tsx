import { useEffect, useState, type ReactNode } from "react";
import { Box, Button, Card, Center, HStack, SimpleGrid, Spinner, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate, useParams } from "react-router";
import { LuPencil, LuPrinter } from "react-icons/lu";
import { formatAmount, tryMoney } from "../../core/money";
import { CardTitle } from "./card-title";
import { escapeHtml } from "./print/print-html";
import { usePrint } from "./print/use-print";
import { api } from "../lib/api-client";
import { useHasPermission } from "../lib/use-permission";
import { useOnline } from "../offline/sync-status";

export interface ViewField {
  label: string;
  value: string;
}

export interface LedgerDocumentViewProps<R> {
  /** API path, e.g. "accounting/money-conversion/". */
  endpoint: string;
  /** The list route, e.g. "/accounting/cashbox/money-conversion". */
  listPath: string;
  /** The document's name, e.g. "Money Conversion"; the title adds its number. */
  name: string;
  /** Codes that allow Edit; none: no Edit button (a count is never edited). */
  changeCodes?: string[];
  /** The labelled values it shows and prints, in order. */
  fields: (record: R) => ViewField[];
  /** More under the fields (not printed). */
  children?: (record: R) => ReactNode;
}

/**
 * The view of a document without lines (money conversion, adjustment, count, capital, debit invoice):
 * its number, labelled fields, Edit (online, with the change code), and print A4 or A5 with the branch header.
 */
export function LedgerDocumentView<R extends { id: number; branch: number; invoice_no: number }>({
  endpoint,
  listPath,
  name,
  changeCodes,
  fields,
  children,
}: LedgerDocumentViewProps<R>) {
  const { t } = useLingui();
  const { id } = useParams();
  const navigate = useNavigate();
  const online = useOnline();
  const print = usePrint();
  const canChange = useHasPermission(changeCodes ?? []) && Boolean(changeCodes?.length);
  const [record, setRecord] = useState<R | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    api
      .get(`${endpoint}${id}/`)
      .json<R>()
      .then(setRecord)
      .catch(() => setFailed(true));
  }, [endpoint, id]);
  const title = record ? `${name} #${record.invoice_no}` : name;
  const shown = record ? fields(record) : [];
  const doPrint = (a5: boolean) => {
    const body = shown.map((f) => `<div><b>${escapeHtml(f.label)}:</b> ${escapeHtml(f.value)}</div>`).join("");
    print({ title, a5, branchId: record?.branch ?? null, body: `<div style="margin:6px 0">${body}</div>` });
  };
  return (
    <Card.Root>
      <Card.Body>
        <CardTitle
          title={title}
          back={listPath}
          close={listPath}
          actions={
            <HStack gap="2" wrap="wrap">
              {record && canChange ? (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={!online}
                  title={online ? undefined : t`Editing needs a connection`}
                  onClick={() => navigate(`${listPath}/${record.id}/edit`)}
                >
                  <LuPencil />
                  <Trans>Edit</Trans>
                </Button>
              ) : null}
              <Button variant="outline" size="sm" disabled={!record} onClick={() => doPrint(false)}>
                <LuPrinter />
                <Trans>Print A4</Trans>
              </Button>
              <Button variant="outline" size="sm" disabled={!record} onClick={() => doPrint(true)}>
                <LuPrinter />
                <Trans>Print A5</Trans>
              </Button>
            </HStack>
          }
        />
        {failed ? (
          <Text>
            <Trans>The record could not be loaded.</Trans>
          </Text>
        ) : !record ? (
          <Center py="10">
            <Spinner />
          </Center>
        ) : (
          <>
            <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="2" data-testid="document-fields">
              {shown.map((f) => (
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
            {children?.(record)}
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** An amount as the views show it: "1,250.00 USD". */
export const moneyText = (amount: string, currencyCode: string) => `${formatAmount(tryMoney(amount) ?? 0)} ${currencyCode}`;
