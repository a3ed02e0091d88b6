import { useCallback, useEffect, useState } from "react";
import { Button, Card, Flex, Heading, Input, Stack, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { LuPlus, LuSave } from "react-icons/lu";
import type { Paged } from "../../../../core/api-types";
import { newFormToken } from "../../../../core/form-token";
import { DeleteButton } from "../../../components/delete-button";
import { api } from "../../../lib/api-client";
import { showSuccess } from "../../../lib/toast";
import { useCurrentUser, useHasPermission } from "../../../lib/use-permission";
import { refreshStoredUser } from "../../../lib/refresh-user";
import { sendCommand } from "../../../offline/commands";
import type { InventoryRef } from "./branch-types";

/** The inventories of a branch: rename in place, add, delete (refused while stock or documents name one). */
export function InventoriesCard({ branchId }: { branchId: number }) {
  const { t } = useLingui();
  const user = useCurrentUser();
  const canAdd = useHasPermission(["add_inventory"]);
  const canChange = useHasPermission(["change_inventory"]);
  const [rows, setRows] = useState<InventoryRef[] | null>(null);
  const [names, setNames] = useState<Record<number, string>>({});
  const [added, setAdded] = useState("");

  const load = useCallback(async () => {
    const page = await api
      .get("inventory/", { searchParams: { branch: String(branchId), page_size: "200", ordering: "id" } })
      .json<Paged<InventoryRef>>();
    setRows(page.results);
    setNames(Object.fromEntries(page.results.map((r) => [r.id, r.name])));
  }, [branchId]);
  useEffect(() => {
    load().catch(() => setRows([]));
  }, [load]);

  const changed = async (message: string) => {
    showSuccess(message);
    await Promise.all([load(), refreshStoredUser()]);
  };
  const rename = async (id: number) => {
    await sendCommand("inventory-rename", { id, body: { name: names[id] } });
    await changed(t`Updated successfully`);
  };
  const add = async () => {
    await sendCommand("inventory-create", { name: added, branch: branchId, form_token: newFormToken(user?.id ?? 0) });
    setAdded("");
    await changed(t`Saved successfully`);
  };

  return (
    <Card.Root maxW="4xl" mx="auto" w="full">
      <Card.Header>
        <Heading size="md">
          <Trans>Inventories</Trans>
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          {rows?.length === 0 ? (
            <Text color="fg.muted">
              <Trans>This branch has no inventory yet.</Trans>
            </Text>
          ) : null}
          {rows?.map((row) => (
            <Flex key={row.id} gap="2" align="center">
              <Input
                aria-label={t`Inventory name`}
                value={names[row.id] ?? ""}
                disabled={!canChange}
                onChange={(e) => setNames((n) => ({ ...n, [row.id]: e.target.value }))}
              />
              {canChange ? (
                <Button
                  variant="outline"
                  disabled={!names[row.id]?.trim() || names[row.id] === row.name}
                  onClick={() => void rename(row.id).catch(() => undefined)}
                >
                  <LuSave />
                  <Trans>Rename</Trans>
                </Button>
              ) : null}
              <DeleteButton permission="delete_inventory" command="inventory-delete" args={{ id: row.id }} onDeleted={() => void load()} />
            </Flex>
          ))}
          {canAdd ? (
            <Flex gap="2" align="center" as="form" onSubmit={(e) => (e.preventDefault(), void add().catch(() => undefined))}>
              <Input
                aria-label={t`New inventory name`}
                placeholder={t`New inventory name`}
                value={added}
                onChange={(e) => setAdded(e.target.value)}
              />
              <Button type="submit" colorPalette="brand" disabled={!added.trim()}>
                <LuPlus />
                <Trans>Add inventory</Trans>
              </Button>
            </Flex>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
