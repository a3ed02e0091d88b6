import { useMemo, useState } from "react";
import { Box, Checkbox, Code, Heading, Input, Stack, Table, Text, Wrap } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { MATRIX_ACTIONS, PERMISSION_AREAS, type PermissionInfo } from "../../../core/permission-catalog";
import type { PermissionAction } from "../../../core/permissions";
import { AREA_LABELS, EXTRA_CODE_LABELS, MODEL_LABELS } from "./permission-labels";

export interface PermissionMatrixProps {
  /** Every code, from `user/permissions/`. */
  catalog: readonly PermissionInfo[];
  value: readonly string[];
  onChange: (codes: string[]) => void;
  /** Codes the user already has through their roles: shown ticked, not editable here. */
  inherited?: readonly string[];
  /** Codes the editor may grant (a non-superuser grants only what they hold); null: all. */
  grantable?: readonly string[] | null;
}

interface Row {
  model: string;
  label: string;
  cells: Partial<Record<PermissionAction, string>>;
  extras: { code: string; label: string }[];
}

type CheckState = boolean | "indeterminate";

const stateOf = (codes: string[], has: (code: string) => boolean): CheckState => {
  const held = codes.filter(has).length;
  return held === 0 ? false : held === codes.length ? true : "indeterminate";
};

/**
 * The permission matrix: one table per area, a row per model with view/add/change/delete
 * columns and the model's extra codes, each code shown under its translated name; a search, and a
 * box that ticks a whole row or a whole column (of the rows the search shows).
 */
export function PermissionMatrix({ catalog, value, onChange, inherited = [], grantable = null }: PermissionMatrixProps) {
  const { t, i18n } = useLingui();
  const [search, setSearch] = useState("");
  const selected = useMemo(() => new Set(value), [value]);
  const fromRoles = useMemo(() => new Set(inherited), [inherited]);
  const canGrant = (code: string) => !fromRoles.has(code) && (grantable === null || grantable.includes(code) || selected.has(code));
  const has = (code: string) => selected.has(code) || fromRoles.has(code);
  const actionLabels: Record<PermissionAction, string> = { view: t`View`, add: t`Add`, change: t`Change`, delete: t`Delete` };

  const areas = useMemo(() => {
    const term = search.trim().toLowerCase();
    const byArea = new Map<string, Map<string, Row>>();
    for (const info of catalog) {
      const rows = byArea.get(info.area) ?? new Map<string, Row>();
      byArea.set(info.area, rows);
      const descriptor = MODEL_LABELS[info.model];
      const row = rows.get(info.model) ?? { model: info.model, label: descriptor ? i18n._(descriptor) : info.model, cells: {}, extras: [] };
      rows.set(info.model, row);
      if (info.action === "extra") {
        const extra = EXTRA_CODE_LABELS[info.code];
        row.extras.push({ code: info.code, label: extra ? i18n._(extra) : info.code });
      } else row.cells[info.action] = info.code;
    }
    const matches = (row: Row) =>
      !term ||
      row.label.toLowerCase().includes(term) ||
      [...Object.values(row.cells), ...row.extras.flatMap((e) => [e.code, e.label.toLowerCase()])].some((text) => text?.includes(term));
    return PERMISSION_AREAS.map((area) => ({ area, rows: [...(byArea.get(area)?.values() ?? [])].filter(matches) })).filter(
      (a) => a.rows.length > 0,
    );
  }, [catalog, search, i18n]);

  /** Ticks or clears the codes the editor may change; the others stay as they are. */
  const setCodes = (codes: string[], on: boolean) => {
    const changeable = codes.filter(canGrant);
    const next = new Set(value);
    for (const code of changeable) {
      if (on) next.add(code);
      else next.delete(code);
    }
    onChange([...next].sort());
  };

  const box = (codes: string[], label: string, testId?: string) => {
    const state = stateOf(codes, has);
    return (
      <Checkbox.Root
        size="sm"
        checked={state}
        disabled={codes.length === 0 || !codes.some(canGrant)}
        onCheckedChange={(details) => setCodes(codes, details.checked === true)}
        aria-label={label}
        data-testid={testId}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
      </Checkbox.Root>
    );
  };

  return (
    <Stack gap="4" data-testid="permission-matrix">
      <Input
        size="sm"
        maxW="sm"
        placeholder={t`Search permissions`}
        aria-label={t`Search permissions`}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {areas.length === 0 && (
        <Text color="fg.muted">
          <Trans>No results found</Trans>
        </Text>
      )}
      {areas.map(({ area, rows }) => {
        const areaLabel = i18n._(AREA_LABELS[area]);
        return (
          <Box key={area} borderWidth="1px" borderRadius="md" overflowX="auto">
            <Heading size="sm" px="3" py="2" bg="bg.muted">
              {areaLabel}
            </Heading>
            <Table.Root size="sm" aria-label={areaLabel}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader minW="48">
                    <Trans>Model</Trans>
                  </Table.ColumnHeader>
                  {MATRIX_ACTIONS.map((action) => {
                    const codes = rows.flatMap((row) => (row.cells[action] ? [row.cells[action]] : []));
                    return (
                      <Table.ColumnHeader key={action} textAlign="center">
                        <Stack gap="1" align="center">
                          {box(codes, t`Select the whole column: ${actionLabels[action]} (${areaLabel})`, `column-${area}-${action}`)}
                          <Text>{actionLabels[action]}</Text>
                        </Stack>
                      </Table.ColumnHeader>
                    );
                  })}
                  <Table.ColumnHeader>
                    <Trans>Other permissions</Trans>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((row) => {
                  const rowCodes = [
                    ...MATRIX_ACTIONS.flatMap((a) => (row.cells[a] ? [row.cells[a]] : [])),
                    ...row.extras.map((e) => e.code),
                  ];
                  return (
                    <Table.Row key={row.model}>
                      <Table.Cell>
                        <Wrap gap="2" align="center">
                          {box(rowCodes, t`Select the whole row: ${row.label}`, `row-${row.model}`)}
                          <Stack gap="0">
                            <Text fontWeight="medium">{row.label}</Text>
                            <Code size="xs" variant="plain" color="fg.muted">
                              {row.model}
                            </Code>
                          </Stack>
                        </Wrap>
                      </Table.Cell>
                      {MATRIX_ACTIONS.map((action) => {
                        const code = row.cells[action];
                        return (
                          <Table.Cell key={action} textAlign="center">
                            {code && (
                              <Stack gap="0" align="center" title={fromRoles.has(code) ? t`Granted by a role` : undefined}>
                                {box([code], `${actionLabels[action]}: ${row.label}`, `code-${code}`)}
                                <Code size="xs" variant="plain" color="fg.muted">
                                  {code}
                                </Code>
                              </Stack>
                            )}
                          </Table.Cell>
                        );
                      })}
                      <Table.Cell>
                        <Stack gap="2">
                          {row.extras.map((extra) => (
                            <Wrap key={extra.code} gap="2" align="center">
                              {box([extra.code], extra.label, `code-${extra.code}`)}
                              <Stack gap="0">
                                <Text fontSize="sm">{extra.label}</Text>
                                <Code size="xs" variant="plain" color="fg.muted">
                                  {extra.code}
                                </Code>
                              </Stack>
                            </Wrap>
                          ))}
                        </Stack>
                      </Table.Cell>
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </Box>
        );
      })}
    </Stack>
  );
}
