import { Alert } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { useOnline } from "../../offline/online";
import type { ColumnDef } from "../table/column-def";
import { DocumentList } from "../table/document-list";
import type { MoneyRecord } from "./money-view-shell";
import type { RecordDeleteName } from "../../offline/command-table";
import { PendingMoneyDocuments } from "./pending-money-documents";
import { useMoneyListColumns } from "./use-money-list-columns";

export interface MoneyListShellProps<R extends MoneyRecord> {
  /** The list's title, endpoint, delete command, path and model: by default its route's (see CrudList). */
  title?: string;
  endpoint: string;
  deleteCommand?: RecordDeleteName;
  path?: string;
  model?: string;
  /** The document's own columns, between the date and the currency. */
  columns: ColumnDef<R>[];
  /** Adding needs the server (a transfer): offline the Add button is disabled and says why. */
  needsNetwork?: boolean;
}

/** The list of every money document (with those keyed on this device and not synced yet above it): number, date, its own columns, currency, amount (summed), note; double-click opens the view. */
export function MoneyListShell<R extends MoneyRecord>({
  title,
  endpoint,
  deleteCommand,
  path,
  model,
  columns: own,
  needsNetwork,
}: MoneyListShellProps<R>) {
  const online = useOnline();
  const columns = useMoneyListColumns(own);
  return (
    <>
      <PendingMoneyDocuments resource={endpoint} />
      {online ? null : (
        <Alert.Root status="info" size="sm" mb="3" data-testid="money-list-offline">
          <Alert.Indicator />
          <Alert.Title>
            <Trans>Offline: the list needs a connection; what this device keyed is shown above it.</Trans>
          </Alert.Title>
        </Alert.Root>
      )}
      <DocumentList<R>
        title={title}
        endpoint={endpoint}
        deleteCommand={deleteCommand}
        path={path}
        model={model}
        columns={columns}
        needsNetwork={needsNetwork}
      />
    </>
  );
}
