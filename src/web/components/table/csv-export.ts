/** The CSV of a ready text table, for screens that build their own (new code calls export/table-export's downloadTable). */
import { exportFileName, saveBlob } from "../export/table-export";

export { buildCsv, csvCell } from "../export/table-export";

/** Starts a browser download of the CSV text (UTF-8, with the BOM buildCsv writes). */
export function downloadCsv(fileName: string, csv: string): void {
  saveBlob(exportFileName(fileName, "csv"), new Blob([csv], { type: "text/csv;charset=utf-8" }));
}
