import { useEffect, useMemo } from "react";
import { Box, HStack, Text } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import type { ColumnDef } from "../../../components/table/column-def";
import { CrudList } from "../../../components/table/crud-list";
import { refreshStoredUser } from "../../../lib/refresh-user";
import type { BranchRow } from "./branch-types";

export const BRANCH_LIST_PATH = "/setting/branch";

/** Branches and their inventories; double-click to rename, delete refused while documents name it. */
export default function BranchList() {
  const { t } = useLingui();
  // Returning here after an add or a rename: the branch selectors follow.
  useEffect(() => void refreshStoredUser(), []);
  const columns = useMemo<ColumnDef<BranchRow>[]>(
    () => [
      { key: "id", title: t`ID`, sortable: true, filterType: "number", width: "100px" },
      {
        key: "name",
        title: t`Name`,
        sortable: true,
        filterType: "text",
        render: (row) => (
          <HStack gap="2">
            <Box w="3" h="3" borderRadius="full" bg={row.color} flexShrink={0} aria-hidden />
            <Text as="span">{row.name}</Text>
          </HStack>
        ),
        text: (row) => row.name,
      },
      { key: "short_code", title: t`Short Code`, sortable: true, filterType: "text", width: "120px" },
      { key: "description", title: t`Description`, filterType: "text" },
      {
        key: "inventories",
        title: t`Inventories`,
        render: (row) => row.inventories.map((i) => i.name).join(", "),
        text: (row) => row.inventories.map((i) => i.name).join(", "),
      },
    ],
    [t],
  );
  return <CrudList<BranchRow> path={BRANCH_LIST_PATH} columns={columns} branchFilter={false} needsNetwork />;
}
