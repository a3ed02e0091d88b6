import { useMemo } from "react";
import { Box, Button, HStack, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "react-router";
import { LuPlus } from "react-icons/lu";
import { useHasPermission } from "../../lib/use-permission";
import type { RecordDeleteName } from "../../offline/command-table";
import { useNetworkGate } from "../../offline/network-gate";
import { CardTitle } from "../card-title";
import { DeleteButton } from "../delete-button";
import type { ColumnDef } from "./column-def";
import { isPendingRow, PagedTable, type PagedTableProps } from "./paged-table";
import { VirtualTable } from "./virtual-table";

export interface CrudListProps<Row extends { id: number }> extends Omit<
  PagedTableProps<Row>,
  "onRowClick" | "onAdd" | "addPermission" | "endpoint"
> {
  /** Resource path, e.g. "item-group/". */
  endpoint: string;
  /** The command a row's delete button runs, e.g. "item-group-delete". */
  deleteCommand: RecordDeleteName;
  /** Route of the list, e.g. "/stock/item-group": add goes to /add, double-click to /:id/edit. */
  path: string;
  /** Django model name for add_ and delete_ codes. */
  model: string;
  /**
   * Branch multi-select: on by default, off for resources that are not branch-bound (the server
   * answers 400 "Unknown filter: branch" there).
   */
  branchFilter?: boolean;
  /** What a double-click opens: the edit form (master data) or the printable view (documents). */
  opens?: "edit" | "view";
  /** Rows whose state forbids a delete (an approved transfer): no delete button. */
  undeletable?: (row: Row) => boolean;
  /** Adding needs the server (see network-gate.ts): offline the Add button is disabled and says why. */
  needsNetwork?: boolean;
  /**
   * The whole list at once in the virtual table (`<endpoint>all/`, range as start_date/end_date, count,
   * sums added up in memory), for lists that stay short: types, positions, pay runs. Not for a list the
   * device caches (the virtual table reads only the server) nor one that grows with every sale.
   */
  whole?: boolean;
}

/** A list of records (master data or documents): paged table with add, double-click to open, and a delete button per row. */
export function CrudList<Row extends { id: number }>({
  endpoint,
  deleteCommand,
  path,
  model,
  columns,
  title,
  opens = "edit",
  undeletable,
  needsNetwork = false,
  whole = false,
  ...rest
}: CrudListProps<Row>) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const gate = useNetworkGate();
  const addBlocked = needsNetwork && gate.blocked;
  const allColumns = useMemo<ColumnDef<Row>[]>(
    () => [
      ...columns,
      {
        key: "actions",
        title: t`Actions`,
        noPrint: true,
        width: "1%",
        align: "center",
        // A pending row is only on this device: it is discarded from the sync panel, not deleted.
        render: (row, { reload }) =>
          isPendingRow(row) || undeletable?.(row) ? null : (
            <DeleteButton permission={`delete_${model}`} command={deleteCommand} args={{ id: row.id }} onDeleted={reload} />
          ),
      },
    ],
    [columns, model, deleteCommand, undeletable, t],
  );
  const shared = {
    storageKey: path,
    ...rest,
    title,
    columns: allColumns,
    addPermission: `add_${model}`,
    onAdd: addBlocked ? undefined : () => navigate(`${path}/add`),
    onRowClick: (row: Row) => navigate(`${path}/${row.id}/${opens}`),
  };
  return (
    <Box>
      <CardTitle title={title} actions={addBlocked ? <OfflineAdd model={model} reason={gate.reason} /> : undefined} />
      {whole ? <VirtualTable<Row> {...shared} endpoint={`${endpoint}all/`} /> : <PagedTable<Row> {...shared} endpoint={endpoint} />}
    </Box>
  );
}

/** In place of the toolbar's Add while offline, for a list whose adds need the server. */
function OfflineAdd({ model, reason }: { model: string; reason: string }) {
  const { t } = useLingui();
  const canAdd = useHasPermission([`add_${model}`]);
  if (!canAdd) return null;
  return (
    <HStack gap="2" data-testid="add-needs-network">
      <Text fontSize="sm" color="fg.muted">
        <Trans>Offline: adding needs a connection</Trans>
      </Text>
      <Button aria-label={t`Add`} size="sm" colorPalette="blue" disabled title={reason}>
        <LuPlus />
      </Button>
    </HStack>
  );
}
