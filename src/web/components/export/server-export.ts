import { HTTPError } from "ky";
import { api, isNetworkError, toErrorMessage } from "../../lib/api-client";
import { showError } from "../../lib/toast";
import { exportFileName, saveBlob, type ExportFormat } from "./table-export";

export interface ServerExportRequest {
  /** The list's endpoint ("customer/"): the server writes `<endpoint>export/`. */
  endpoint: string;
  /** The list's filters and ordering, as the table sends them (paging is ignored). */
  params: Record<string, string>;
  /** The fields of the shown columns, in order. */
  columns: readonly string[];
  language: string;
  /** The file's name (the screen's title). */
  name: string;
}

/**
 * The list's export written by the server (`<list>/export/`): every row of the filter, in the user's
 * language, streamed there and downloaded here with the bearer token as one file. Answers false when
 * the server could not be asked (offline, no answer, a list without the export), so the caller writes
 * the export on the device instead; a refusal (400, 403) is shown and answers true.
 */
export async function downloadServerExport(request: ServerExportRequest, format: ExportFormat): Promise<boolean> {
  const endpoint = request.endpoint.endsWith("/") ? request.endpoint : `${request.endpoint}/`;
  try {
    const blob = await api
      .get(`${endpoint}export/`, {
        searchParams: { ...request.params, format, lang: request.language, columns: request.columns.join(",") },
        headers: { Accept: "*/*" },
        timeout: false,
        context: { silent: true },
      })
      .blob();
    saveBlob(exportFileName(request.name, format), blob);
    return true;
  } catch (error) {
    if (isNetworkError(error) || (error instanceof HTTPError && (error.response.status === 404 || error.response.status >= 500)))
      return false;
    showError(toErrorMessage(error) ?? String(error));
    return true;
  }
}

/**
 * A file the server writes for a report (a general ledger's every line, the journal), downloaded with
 * the bearer token. Answers false when the server could not be asked, as downloadServerExport does.
 */
export async function downloadServerFile(path: string, params: Record<string, string>, fileName: string): Promise<boolean> {
  try {
    const blob = await api
      .get(path, { searchParams: params, headers: { Accept: "*/*" }, timeout: false, context: { silent: true } })
      .blob();
    saveBlob(fileName, blob);
    return true;
  } catch (error) {
    if (isNetworkError(error) || (error instanceof HTTPError && error.response.status >= 500)) return false;
    showError(toErrorMessage(error) ?? String(error));
    return true;
  }
}
