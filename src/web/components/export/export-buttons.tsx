import { Button, HStack, IconButton } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { LuDownload, LuSheet } from "react-icons/lu";
import type { ExportFormat } from "./table-export";

export interface ExportButtonsProps {
  onExport: (format: ExportFormat) => void;
  /** The format being written (its button spins). */
  exporting?: ExportFormat | null;
  disabled?: boolean;
  /** Icon buttons (list toolbars) or buttons with their label (report and statement headers). */
  compact?: boolean;
}

/** "Export CSV" and "Export XLSX" of what is filtered: the same two buttons on every list, report and statement. */
export function ExportButtons({ onExport, exporting = null, disabled, compact }: ExportButtonsProps) {
  const { t } = useLingui();
  if (compact) {
    return (
      <>
        <IconButton
          aria-label={t`Export CSV`}
          size="sm"
          variant="outline"
          disabled={disabled}
          loading={exporting === "csv"}
          onClick={() => onExport("csv")}
        >
          <LuDownload />
        </IconButton>
        <IconButton
          aria-label={t`Export XLSX`}
          size="sm"
          variant="outline"
          disabled={disabled}
          loading={exporting === "xlsx"}
          onClick={() => onExport("xlsx")}
        >
          <LuSheet />
        </IconButton>
      </>
    );
  }
  return (
    <HStack gap="2">
      <Button size="sm" variant="outline" disabled={disabled} loading={exporting === "csv"} onClick={() => onExport("csv")}>
        <LuDownload />
        <Trans>Export CSV</Trans>
      </Button>
      <Button size="sm" variant="outline" disabled={disabled} loading={exporting === "xlsx"} onClick={() => onExport("xlsx")}>
        <LuSheet />
        <Trans>Export XLSX</Trans>
      </Button>
    </HStack>
  );
}
