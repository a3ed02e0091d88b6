import { useMemo, useState } from "react";
import { Box, Button, Dialog, Field, Input, Portal, Stack } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { LuPencil } from "react-icons/lu";
import {
  ACCOUNT_CLASSES,
  CHART_GROUPS,
  CHART_GROUP_KEYS,
  type AccountClass,
  type ChartAccount,
  type ChartGroupKey,
} from "../../../../core/chart-of-accounts";
import { generalLedgerPath, groupName, nameIn, useAccountClassLabel, useBooksLanguage } from "../../../components/report/books-labels";
import { ReportPage } from "../../../components/report/report-page";
import { ReportTable, type ReportColumn, type ReportData } from "../../../components/report/report-table";
import { useReportData } from "../../../components/report/use-report-data";
import { useReportFilters } from "../../../components/report/use-report-filters";
import { toErrorMessage, toFieldErrors } from "../../../lib/api-client";
import { showError, showSuccess } from "../../../lib/toast";
import { useHasPermission } from "../../../lib/use-permission";
import { useOnline } from "../../../offline/online";
import { sendCommand } from "../../../offline/commands";
import { Link } from "react-router";

/** A line of the chart as shown: a class, a group or an account. */
type ChartLine =
  | { kind: "class"; key: string; accountClass: AccountClass }
  | { kind: "group"; key: string; group: ChartGroupKey }
  | { kind: "account"; key: string; account: ChartAccount };

/** The chart in its order: each class, its groups (also those with no account yet), their accounts. */
function chartLines(accounts: readonly ChartAccount[], search: string, language: "en" | "ar" | "ckb"): ChartLine[] {
  const wanted = search.trim().toLowerCase();
  const shown = wanted
    ? accounts.filter((a) => a.code.toLowerCase().includes(wanted) || nameIn(a, language).toLowerCase().includes(wanted))
    : accounts;
  return ACCOUNT_CLASSES.flatMap((accountClass): ChartLine[] => [
    { kind: "class", key: `class-${accountClass}`, accountClass },
    ...CHART_GROUP_KEYS.filter((g) => CHART_GROUPS[g].class === accountClass).flatMap((group): ChartLine[] => {
      const members = shown.filter((a) => a.group === group);
      if (wanted && members.length === 0) return [];
      return [
        { kind: "group", key: `group-${group}`, group },
        ...members.map((account) => ({ kind: "account" as const, key: account.id, account })),
      ];
    }),
  ]);
}

/**
 * /accounting/chart-of-accounts (SPEC's "Accounts"): every account the ledger posts to, by class and
 * group, each with its code and its name in the screen's language; the codes and the three names
 * change with change_account (an account that follows a record keeps the record's name until then).
 */
export default function ChartOfAccountsPage() {
  const { t } = useLingui();
  const online = useOnline();
  const language = useBooksLanguage();
  const classLabel = useAccountClassLabel();
  const canChange = useHasPermission(["change_account"]);
  const filters = useReportFilters({ range: null });
  const [search, setSearch] = useState("");
  const [editing, setEditing] = useState<ChartAccount | null>(null);
  const report = useReportData<ChartAccount[]>("accounting/account/", {}, online);

  const columns = useMemo<ReportColumn<ChartLine>[]>(
    () => [
      {
        key: "code",
        title: t`Code`,
        text: (l) => (l.kind === "account" ? l.account.code : l.kind === "group" ? CHART_GROUPS[l.group].code : ""),
        render: (l) =>
          l.kind === "account" ? (
            <Link to={generalLedgerPath(l.account.id, {})}>{l.account.code}</Link>
          ) : l.kind === "group" ? (
            <b>{CHART_GROUPS[l.group].code}</b>
          ) : null,
      },
      {
        key: "name",
        title: t`Name`,
        text: (l) =>
          l.kind === "account"
            ? nameIn(l.account, language)
            : l.kind === "group"
              ? groupName(l.group, language)
              : classLabel(l.accountClass),
        render: (l) =>
          l.kind === "account" ? (
            <Box ps="6">{nameIn(l.account, language)}</Box>
          ) : l.kind === "group" ? (
            <Box ps="3" fontWeight="semibold">
              {groupName(l.group, language)}
            </Box>
          ) : (
            <Box fontWeight="bold" textTransform="uppercase" fontSize="xs" color="fg.muted">
              {classLabel(l.accountClass)}
            </Box>
          ),
      },
      {
        key: "class",
        title: t`Class`,
        text: (l) =>
          l.kind === "account" ? classLabel(l.account.class) : l.kind === "group" ? classLabel(CHART_GROUPS[l.group].class) : "",
      },
      {
        key: "actions",
        title: "",
        text: () => "",
        render: (l) =>
          l.kind === "account" && canChange ? (
            <Button size="xs" variant="ghost" aria-label={t`Edit ${l.account.code}`} onClick={() => setEditing(l.account)}>
              <LuPencil />
            </Button>
          ) : null,
      },
    ],
    [t, language, classLabel, canChange],
  );
  const data: ReportData<ChartLine> | null = report.answer
    ? { columns: columns.filter((c) => c.key !== "actions"), rows: chartLines(report.answer, search, language) }
    : null;

  return (
    <ReportPage
      title={t`Chart of Accounts`}
      filters={filters}
      dateFilter={false}
      branchFilter={false}
      currencyFilter={false}
      data={data}
      loading={report.loading}
      failed={report.failed}
      onRefresh={report.reload}
      extraFilters={
        <Field.Root maxW="64">
          <Field.Label>
            <Trans>Search</Trans>
          </Field.Label>
          <Input size="sm" value={search} onChange={(e) => setSearch(e.target.value)} data-testid="chart-search" />
        </Field.Root>
      }
    >
      {data ? <ReportTable data={{ ...data, columns }} label={t`Chart of Accounts`} rowKey={(l) => l.key} /> : null}
      {editing ? (
        <AccountDialog
          account={editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) report.reload();
          }}
        />
      ) : null}
    </ReportPage>
  );
}

const NAME_FIELDS = ["name", "name_ar", "name_ckb"] as const;

/** The change of one account: its code and its three names (the class and the postings stay). */
function AccountDialog({ account, onClose }: { account: ChartAccount; onClose: (saved: boolean) => void }) {
  const { t } = useLingui();
  const [values, setValues] = useState({ code: account.code, name: account.name, name_ar: account.name_ar, name_ckb: account.name_ckb });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const labels: Record<(typeof NAME_FIELDS)[number], string> = {
    name: t`Name (English)`,
    name_ar: t`Name (Arabic)`,
    name_ckb: t`Name (Kurdish)`,
  };

  const save = async () => {
    setBusy(true);
    try {
      await sendCommand("account-edit", { id: account.id, body: values });
      showSuccess(t`Updated successfully`);
      onClose(true);
    } catch (failure) {
      const fields = toFieldErrors(failure);
      setErrors(fields);
      if (Object.keys(fields).length === 0)
        showError(toErrorMessage(failure) ?? t`There was an error, please refresh the page and try again`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open onOpenChange={(details) => (!details.open ? onClose(false) : undefined)} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="480px">
            <Dialog.Header>
              <Dialog.Title>
                <Trans>Edit account</Trans>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Field.Root invalid={Boolean(errors.code)}>
                  <Field.Label>
                    <Trans>Code</Trans>
                  </Field.Label>
                  <Input
                    value={values.code}
                    dir="ltr"
                    onChange={(e) => setValues({ ...values, code: e.target.value })}
                    data-testid="account-code"
                  />
                  <Field.ErrorText>{errors.code}</Field.ErrorText>
                </Field.Root>
                {NAME_FIELDS.map((field) => (
                  <Field.Root key={field} invalid={Boolean(errors[field])}>
                    <Field.Label>{labels[field]}</Field.Label>
                    <Input
                      value={values[field]}
                      dir={field === "name" ? "ltr" : "rtl"}
                      onChange={(e) => setValues({ ...values, [field]: e.target.value })}
                    />
                    <Field.ErrorText>{errors[field]}</Field.ErrorText>
                  </Field.Root>
                ))}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => onClose(false)} disabled={busy}>
                <Trans>Cancel</Trans>
              </Button>
              <Button colorPalette="blue" onClick={() => void save()} loading={busy} data-testid="account-save">
                <Trans>Save</Trans>
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
