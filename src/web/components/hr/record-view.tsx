import { useEffect, useState, type ReactNode } from "react";
import { Box, Button, Card, Center, Flex, HStack, SimpleGrid, Spinner, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate, useParams } from "react-router";
import { LuPencil, LuPrinter } from "react-icons/lu";
import { CardTitle } from "../card-title";
import { escapeHtml } from "../print/print-html";
import { usePrint } from "../print/use-print";
import { api } from "../../lib/api-client";
import { useHasPermission } from "../../lib/use-permission";
import { useOnline } from "../../offline/sync-status";

export interface ViewField {
  label: string;
  value: string;
}

/** Label: value lines as the print shows them. */
export const fieldsHtml = (fields: readonly ViewField[]) =>
  `<div style="margin:6px 0">${fields.map((f) => `<div><b>${escapeHtml(f.label)}:</b> ${escapeHtml(f.value)}</div>`).join("")}</div>`;

export interface RecordViewProps<R extends { id: number; branch: number }> {
  endpoint: string;
  listPath: string;
  title: (record: R | null) => string;
  fields: (record: R) => ViewField[];
  changePermission: string;
  /** Shown under the fields (a picture, a table of lines). */
  extra?: (record: R) => ReactNode;
  /** The printed body; the fields by default. */
  printBody?: (record: R) => string;
  /** More print buttons (payslips). */
  actions?: (record: R) => ReactNode;
}

/** An HR record as it prints: its fields (and lines), print A4, edit when allowed and online. */
export function RecordView<R extends { id: number; branch: number }>(props: RecordViewProps<R>) {
  const { t } = useLingui();
  const { endpoint, listPath } = props;
  const { id } = useParams();
  const navigate = useNavigate();
  const online = useOnline();
  const print = usePrint();
  const canChange = useHasPermission([props.changePermission]);
  const [record, setRecord] = useState<R | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    api
      .get(`${endpoint}${id}/`)
      .json<R>()
      .then(setRecord)
      .catch(() => setFailed(true));
  }, [endpoint, id]);
  const title = props.title(record);
  const fields = record ? props.fields(record) : [];
  const doPrint = () => {
    if (!record) return;
    print({ title, branchId: record.branch, body: props.printBody ? props.printBody(record) : fieldsHtml(fields) });
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
              <Button variant="outline" size="sm" disabled={!record} onClick={doPrint}>
                <LuPrinter />
                <Trans>Print A4</Trans>
              </Button>
              {record && props.actions ? props.actions(record) : null}
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
          <Flex direction="column" gap="4">
            <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="2">
              {fields.map((f) => (
                <Box key={f.label}>
                  <Text as="span" color="fg.muted">
                    {f.label}:{" "}
                  </Text>
                  {/* dir="auto": a phone number or a Latin name keeps its own order inside a right-to-left page. */}
                  <Text as="span" fontWeight="medium" dir="auto">
                    {f.value}
                  </Text>
                </Box>
              ))}
            </SimpleGrid>
            {props.extra ? props.extra(record) : null}
          </Flex>
        )}
      </Card.Body>
    </Card.Root>
  );
}
