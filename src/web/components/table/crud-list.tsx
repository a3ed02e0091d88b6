import { useMemo } from "react";
import { Box, Button, HStack, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "react-router";
import { LuPlus } from "react-icons/lu";
import { useHasPermission } from "../../lib/use-permission";
import { commandOf, isRecordDeleteName, type RecordDeleteName } from "../../offline/command-table";
import { useRecordRoute } from "../record-route";
import { useNetworkGate } from "../../offline/network-gate";
import { CardTitle } from "../card-title";
import { DeleteButton } from "../delete-button";
import type { ColumnDef } from "./column-def";
import { isPendingRow, PagedTable, type PagedTableProps } from "./paged-table";
import { VirtualTable } from "./virtual-table";

export interface CrudListProps<Row extends { id: number }> extends Omit<
  PagedTableProps<Row>,
  "onRowClick" | "onAdd" | "addPermission" | "endpoint" | "title"
> {
  /** The title; by default the plural of the route's record kind. */
  title?: string;
  /** Resource path, e.g. "item-group/"; by default the resource of the delete command. */
  endpoint?: string;
  /** The command a row's delete button runs; by default `<kind>-delete` of the route's record kind. */
  deleteCommand?: RecordDeleteName;
  /** Route of the list, e.g. "/stock/item-group" (add goes to /add, double-click to /:id/edit); by default the route's. */
  path?: string;
  /** Django model name for add_ and delete_ codes; by default the route's. */
  model?: string;
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
  title: ownTitle,
  endpoint: ownEndpoint,
  deleteCommand: ownDelete,
  path: ownPath,
  model: ownModel,
  columns,
  opens = "edit",
  undeletable,
  needsNetwork = false,
  whole = false,
  ...rest
}: CrudListProps<Row>) {
  const { t } = useLingui();
  const { title, endpoint, deleteCommand, path, model } = useListIdentity({
    title: ownTitle,
    endpoint: ownEndpoint,
    deleteCommand: ownDelete,
    path: ownPath,
    model: ownModel,
  });
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

type Identity = Required<Pick<CrudListProps<{ id: number }>, "title" | "endpoint" | "deleteCommand" | "path" | "model">>;

/** What the list's props name, else what its route's record kind declares (components/record-route.tsx). */
function useListIdentity(props: Partial<Identity>): Identity {
  const { i18n } = useLingui();
  const record = useRecordRoute();
  const deleteCommand = props.deleteCommand ?? (record ? `${record.name}-delete` : "");
  if (!isRecordDeleteName(deleteCommand)) throw new Error(`CrudList: no delete command "${deleteCommand}" for this list`);
  const path = props.path ?? (record ? `/${record.path}` : undefined);
  const model = props.model ?? record?.model;
  const title = props.title ?? (record ? i18n._(record.plural) : undefined);
  if (path === undefined || model === undefined || title === undefined)
    throw new Error("CrudList: a list outside a crud() route names its path, model and title");
  return { title, endpoint: props.endpoint ?? commandOf(deleteCommand).resource, deleteCommand, path, model };
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
