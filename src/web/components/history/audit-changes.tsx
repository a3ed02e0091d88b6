import { useState } from "react";
import { Box, Button, Stack, Table, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { auditChangeLines } from "./audit-labels";
import type { AuditRow } from "./audit-record";

/** The fields a change touched, old → new (an event's details as values). */
export function AuditChanges({ changes }: { changes: AuditRow["changes"] }) {
  const { i18n } = useLingui();
  const lines = auditChangeLines(i18n, changes);
  if (lines.length === 0) return null;
  return (
    <Table.Root size="sm" variant="outline" data-testid="audit-changes">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>
            <Trans>Field</Trans>
          </Table.ColumnHeader>
          <Table.ColumnHeader>
            <Trans>Old value</Trans>
          </Table.ColumnHeader>
          <Table.ColumnHeader w="1%" />
          <Table.ColumnHeader>
            <Trans>New value</Trans>
          </Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {lines.map((line) => (
          <Table.Row key={line.field}>
            <Table.Cell fontWeight="medium">{line.label}</Table.Cell>
            <Table.Cell color="fg.muted" textDecoration={line.isChange && line.old ? "line-through" : undefined}>
              {/* dir="auto": a number ("-1000") or a Latin name keeps its own order in right-to-left. */}
              <Box as="span" wordBreak="break-word" dir="auto">
                {line.old || "—"}
              </Box>
            </Table.Cell>
            {/* The arrow follows the reading direction. */}
            <Table.Cell>
              <Text as="span" display="inline-block" _rtl={{ transform: "scaleX(-1)" }}>
                →
              </Text>
            </Table.Cell>
            <Table.Cell>
              <Box as="span" wordBreak="break-word" dir="auto">
                {line.new || "—"}
              </Box>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

const SUMMARY_LINES = 3;

/** The changes as short lines ("Field: old → new"), the first few, the rest behind "+n more": for list rows. */
export function AuditChangesSummary({ changes }: { changes: AuditRow["changes"] }) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const lines = auditChangeLines(i18n, changes);
  const shown = open ? lines : lines.slice(0, SUMMARY_LINES);
  const more = lines.length - shown.length;
  return (
    <Stack gap="0.5" fontSize="sm" minW="xs" data-testid="audit-changes">
      {shown.map((line) => (
        <Text key={line.field} wordBreak="break-word">
          <Text as="span" fontWeight="medium">
            {line.label}:
          </Text>{" "}
          {line.isChange ? (
            <>
              <Text as="span" color="fg.muted" dir="auto">
                {line.old || "—"}
              </Text>{" "}
              <Text as="span" display="inline-block" _rtl={{ transform: "scaleX(-1)" }}>
                →
              </Text>{" "}
            </>
          ) : null}
          <Text as="span" dir="auto">
            {line.new || "—"}
          </Text>
        </Text>
      ))}
      {more > 0 || open ? (
        <Button variant="plain" size="xs" alignSelf="flex-start" px="0" onClick={() => setOpen((o) => !o)}>
          {open ? <Trans>Show less</Trans> : <Trans>{more} more</Trans>}
        </Button>
      ) : null}
    </Stack>
  );
}
