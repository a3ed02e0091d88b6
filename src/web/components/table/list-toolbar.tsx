import type { ReactNode } from "react";
import { Button, Flex, IconButton, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { LuPlus, LuPrinter, LuRefreshCw } from "react-icons/lu";
import { useHasPermission } from "../../lib/use-permission";
import { ExportButtons } from "../export/export-buttons";
import type { ExportFormat } from "../export/table-export";

export interface ListToolbarProps {
  /** Filters shown at the start of the bar. */
  filters?: ReactNode;
  onPrint?: () => void;
  onRefresh: () => void;
  /** Export of what is filtered, as CSV or XLSX. */
  onExport?: (format: ExportFormat) => void;
  /** The format being exported. */
  exporting?: ExportFormat | null;
  /** Shown as "N records" (virtual table). */
  count?: number;
  /** Add button, shown only when the user holds this permission. */
  addPermission?: string;
  onAdd?: () => void;
}

/** Filters, then print, export, refresh and add (SPEC section 2). */
export function ListToolbar({ filters, onPrint, onRefresh, onExport, exporting, count, addPermission, onAdd }: ListToolbarProps) {
  const { t } = useLingui();
  const canAdd = useHasPermission(addPermission ? [addPermission] : ["{secret}"]);
  return (
    <Flex gap="2" align="flex-start" wrap="wrap" py="2">
      <Flex gap="2" align="center" wrap="wrap" flex="1">
        {filters}
      </Flex>
      <Flex gap="1" align="center">
        {count !== undefined ? (
          <Text fontSize="sm" color="fg.muted" pe="2">
            <Trans>{count} records</Trans>
          </Text>
        ) : null}
        {onPrint ? (
          <IconButton aria-label={t`Print`} size="sm" variant="outline" onClick={onPrint}>
            <LuPrinter />
          </IconButton>
        ) : null}
        {onExport ? <ExportButtons compact onExport={onExport} exporting={exporting} /> : null}
        <IconButton aria-label={t`Refresh`} size="sm" variant="outline" onClick={onRefresh}>
          <LuRefreshCw />
        </IconButton>
        {onAdd && addPermission && canAdd ? (
          <Button aria-label={t`Add`} size="sm" colorPalette="blue" onClick={onAdd}>
            <LuPlus />
            <Trans>Add</Trans>
          </Button>
        ) : null}
      </Flex>
    </Flex>
  );
}
