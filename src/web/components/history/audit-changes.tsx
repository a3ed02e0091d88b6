import { Box, Table, Text } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { changeLines, fieldTitle, type AuditRow } from "./audit-record";

/** The fields a change touched, old → new (an event's details as values). */
export function AuditChanges({ changes }: { changes: AuditRow["changes"] }) {
  const lines = changeLines(changes);
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
            <Table.Cell fontWeight="medium">{fieldTitle(line.field)}</Table.Cell>
            <Table.Cell color="fg.muted" textDecoration={line.isChange && line.old ? "line-through" : undefined}>
              <Box as="span" wordBreak="break-word">
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
              <Box as="span" wordBreak="break-word">
                {line.new || "—"}
              </Box>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
