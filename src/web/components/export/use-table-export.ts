import { useState } from "react";
import { useLingui } from "@lingui/react/macro";
import { useAtomValue } from "jotai";
import { languageAtom } from "../../lib/app-state";
import { isRtl } from "../../lib/i18n";
import { showInfo } from "../../lib/toast";
import { downloadTable, type ExportFormat, type ExportTable } from "./table-export";

/** What an export read: the table, and whether a row cap cut it short. */
export interface ExportSource {
  table: ExportTable;
  /** Rows written when the cap cut the export short. */
  cappedAt?: number;
}

/**
 * Runs an export (the table may need fetching first: every page of a list's filter), in the UI's
 * direction, with the format being written for the buttons' spinners and a note when a cap cut it.
 */
export function useTableExport(
  name: string,
  load: () => Promise<ExportSource | null>,
  /** Online, the server's export of the list: answers false when it could not, and the device writes it. */
  fromServer?: (format: ExportFormat) => Promise<boolean>,
) {
  const { t } = useLingui();
  const language = useAtomValue(languageAtom);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const run = async (format: ExportFormat) => {
    setExporting(format);
    try {
      if (fromServer && navigator.onLine && (await fromServer(format))) return;
      const source = await load();
      if (!source) return;
      await downloadTable(name, source.table, format, { rtl: isRtl(language) });
      if (source.cappedAt !== undefined) {
        const count = source.cappedAt.toLocaleString("en-US");
        showInfo(t`Exported the first ${count} rows only: narrow the filters to export the rest.`);
      }
    } catch {
      // The api client has shown a failed request; a failed write leaves nothing to undo.
    } finally {
      setExporting(null);
    }
  };
  return { exporting, run: (format: ExportFormat) => void run(format) };
}
