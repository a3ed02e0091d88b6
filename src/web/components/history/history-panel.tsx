import { useEffect, useState } from "react";
import { Badge, Box, Button, Card, Flex, Spinner, Stack, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLocation, useParams } from "react-router";
import { LuChevronDown, LuHistory } from "react-icons/lu";
import type { Paged } from "../../../core/api-types";
import { DISPLAY_DATE_TIME, formatDate } from "../../../core/dates";
import { api } from "../../lib/api-client";
import { useHasPermission } from "../../lib/use-permission";
import { useOnline } from "../../offline/online";
import { AuditChanges } from "./audit-changes";
import { auditActionLabel } from "./audit-labels";
import { recordTypeOf, type AuditRow } from "./audit-record";

export const VIEW_AUDIT = "view_auditlog";

export interface HistoryPanelProps {
  /** The record's table name; defaults to the one the view's route names (recordTypeOf). */
  recordType?: string | null;
  /** Defaults to the route's :id. */
  recordId?: number | string | null;
}

/**
 * A record's history from the audit trail (who created, edited, approved or deleted it, when, and
 * each field's old and new value), folded under a "History" button on every view screen. Shown to
 * readers of the trail, for records the server knows (not a sale still waiting on this device).
 */
export function HistoryPanel({ recordType, recordId }: HistoryPanelProps) {
  const location = useLocation();
  const params = useParams();
  const type = recordType ?? recordTypeOf(location.pathname);
  const id = Number(recordId ?? params.id);
  const allowed = useHasPermission([VIEW_AUDIT]);
  if (!allowed || !type || !Number.isInteger(id) || id <= 0) return null;
  return <History recordType={type} recordId={id} />;
}

function History({ recordType, recordId }: { recordType: string; recordId: number }) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<AuditRow[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!open || !online) return;
    let cancelled = false;
    setFailed(false);
    api
      .get("audit/", {
        searchParams: { record_type: recordType, record_id: String(recordId), ordering: "id", page_size: "100" },
        context: { silent: true },
      })
      .json<Paged<AuditRow>>()
      .then((page) => !cancelled && setRows(page.results))
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [open, online, recordType, recordId]);

  return (
    <Box data-testid="history-panel" className="no-print">
      <Button variant="ghost" size="sm" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
        <LuHistory />
        <Trans>History</Trans>
        <Box as="span" transform={open ? "rotate(180deg)" : undefined} transition="transform 0.2s">
          <LuChevronDown />
        </Box>
      </Button>
      {open ? (
        <Stack gap="3" mt="2">
          {!online ? (
            <Text color="fg.muted">
              <Trans>History needs a connection</Trans>
            </Text>
          ) : failed ? (
            <Text color="fg.error">
              <Trans>The history could not be loaded.</Trans>
            </Text>
          ) : rows === null ? (
            <Spinner size="sm" />
          ) : rows.length === 0 ? (
            <Text color="fg.muted">
              <Trans>No history recorded for this record.</Trans>
            </Text>
          ) : (
            rows.map((row) => (
              <Card.Root key={row.id} size="sm" variant="outline" data-testid="history-entry">
                <Card.Body gap="2">
                  <Flex gap="2" align="center" wrap="wrap">
                    <Badge colorPalette={row.action === "delete" ? "red" : row.action === "create" ? "green" : "blue"}>
                      {auditActionLabel(i18n, row.action)}
                    </Badge>
                    <Text fontWeight="medium">{row.user_name ?? t`Unknown user`}</Text>
                    <Text color="fg.muted" fontSize="sm">
                      {formatDate(row.at, DISPLAY_DATE_TIME)}
                    </Text>
                  </Flex>
                  <AuditChanges changes={row.changes} />
                </Card.Body>
              </Card.Root>
            ))
          )}
        </Stack>
      ) : null}
    </Box>
  );
}
