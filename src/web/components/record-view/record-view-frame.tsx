import { useEffect, useState, type ReactNode } from "react";
import { Box, Button, Card, Center, HStack, SimpleGrid, Spinner, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate, useParams } from "react-router";
import { LuPencil, LuPrinter } from "react-icons/lu";
import { api } from "../../lib/api-client";
import { useOnline } from "../../offline/online";
import { CardTitle } from "../card-title";
import { HistoryPanel } from "../history/history-panel";
import { escapeHtml } from "../print/print-html";

/** One labelled value of a view, as the screen and the print show it. */
export interface ViewField {
  label: string;
  value: string;
}

/** Label: value lines as the print shows them. */
export const fieldsHtml = (fields: readonly ViewField[]) =>
  `<div style="margin:6px 0">${fields.map((f) => `<div><b>${escapeHtml(f.label)}:</b> ${escapeHtml(f.value)}</div>`).join("")}</div>`;

/** The record of the route's :id, read from `<endpoint><id>/`. */
export function useRouteRecord<R>(endpoint: string): { record: R | null; failed: boolean } {
  const { id } = useParams();
  const [record, setRecord] = useState<R | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    api
      .get(`${endpoint}${id}/`)
      .json<R>()
      .then(setRecord)
      .catch(() => setFailed(true));
  }, [endpoint, id]);
  return { record, failed };
}

/** The labelled values in a grid; dir="auto" keeps a phone number or a Latin name in its own order in RTL. */
export function FieldGrid({ fields, testId }: { fields: readonly ViewField[]; testId?: string }) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="2" data-testid={testId}>
      {fields.map((f) => (
        <Box key={f.label}>
          <Text as="span" color="fg.muted">
            {f.label}:{" "}
          </Text>
          <Text as="span" fontWeight="medium" dir="auto">
            {f.value}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}

export interface RecordViewFrameProps {
  title: string;
  listPath: string;
  /** The loaded record's id; null while it loads. */
  recordId: number | null;
  failed: boolean;
  canChange: boolean;
  /** Print A4 (false) or A5 (true). */
  onPrint: (a5: boolean) => void;
  /** Offers Print A5 beside Print A4. */
  a5?: boolean;
  /** More buttons after the print ones (payslips). */
  actions?: ReactNode;
  /** The record's table in the audit trail ("payroll"): its History panel shows under the content. */
  recordType?: string | null;
  /** The record's content, shown once it has loaded. */
  children: ReactNode;
}

/**
 * The frame every record view shares: title with back and close, Edit (with the change code, online
 * only), print, and the record's content, or a spinner while it loads, or why it did not.
 */
export function RecordViewFrame({
  title,
  listPath,
  recordId,
  failed,
  canChange,
  onPrint,
  a5,
  actions,
  recordType,
  children,
}: RecordViewFrameProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const online = useOnline();
  return (
    <Card.Root>
      <Card.Body>
        <CardTitle
          title={title}
          back={listPath}
          close={listPath}
          actions={
            <HStack gap="2" wrap="wrap">
              {recordId !== null && canChange ? (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={!online}
                  title={online ? undefined : t`Editing needs a connection`}
                  onClick={() => navigate(`${listPath}/${recordId}/edit`)}
                >
                  <LuPencil />
                  <Trans>Edit</Trans>
                </Button>
              ) : null}
              <Button variant="outline" size="sm" disabled={recordId === null} onClick={() => onPrint(false)}>
                <LuPrinter />
                <Trans>Print A4</Trans>
              </Button>
              {a5 ? (
                <Button variant="outline" size="sm" disabled={recordId === null} onClick={() => onPrint(true)}>
                  <LuPrinter />
                  <Trans>Print A5</Trans>
                </Button>
              ) : null}
              {recordId !== null ? actions : null}
            </HStack>
          }
        />
        {failed ? (
          <Text>
            <Trans>The record could not be loaded.</Trans>
          </Text>
        ) : recordId === null ? (
          <Center py="10">
            <Spinner />
          </Center>
        ) : (
          <>
            {children}
            {recordType ? <HistoryPanel recordType={recordType} recordId={recordId} /> : null}
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}
