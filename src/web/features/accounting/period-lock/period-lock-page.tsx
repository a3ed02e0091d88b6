import { useCallback, useEffect, useState } from "react";
import { Alert, Button, Card, Field, Heading, HStack, Input, Stack, Table, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { DISPLAY_DATE, formatDate } from "../../../../core/dates";
import { DateInput } from "../../../components/form/date-input";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { api, toErrorMessage } from "../../../lib/api-client";
import { showError, showSuccess } from "../../../lib/toast";
import { useHasPermission } from "../../../lib/use-permission";
import { useOnline } from "../../../offline/online";
import { sendCommand } from "../../../offline/commands";

/** A row of `GET accounting/period-lock/`: the all-branches lock (branch null), then each branch. */
interface PeriodLockRow {
  branch: number | null;
  branch_name: string | null;
  lock_date: string | null;
  effective_lock_date: string | null;
  closed_years: number[];
}

type YearAction = { kind: "close" | "reopen"; branch: number; branchName: string; year: number };

const shownDate = (date: string | null) => (date ? formatDate(date, DISPLAY_DATE) : "—");

/**
 * /accounting/period-lock: the books' lock dates, one for every branch and one per branch (a branch is
 * locked through the later of the two), kept by change_periodlock; and each branch's year close and
 * reopen, each after a confirmation. Online only: the server checks each against the ledger as it is.
 */
export default function PeriodLockPage() {
  const { t } = useLingui();
  const online = useOnline();
  const canChange = useHasPermission(["change_periodlock"]);
  const [rows, setRows] = useState<PeriodLockRow[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [years, setYears] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<YearAction | null>(null);

  const load = useCallback(async () => {
    const answer = await api.get("accounting/period-lock/").json<PeriodLockRow[]>();
    setRows(answer);
    setDrafts(Object.fromEntries(answer.map((r) => [String(r.branch), r.lock_date ?? ""])));
    setFailed(false);
  }, []);
  useEffect(() => {
    if (online) load().catch(() => setFailed(true));
  }, [load, online]);

  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      showSuccess(done);
      await load();
    } catch (failure) {
      showError(toErrorMessage(failure) ?? t`There was an error, please refresh the page and try again`);
    } finally {
      setBusy(false);
    }
  };

  const saveLock = (branch: number | null) => {
    const draft = drafts[String(branch)] ?? "";
    return run(() => sendCommand("period-lock-set", { branch, lock_date: draft === "" ? null : draft }), t`Updated successfully`);
  };

  const confirmYear = () => {
    if (!confirming) return;
    const { kind, branch, year } = confirming;
    setConfirming(null);
    void run(
      () => sendCommand(kind === "close" ? "year-close" : "year-reopen", { branch, year }),
      kind === "close" ? t`The year is closed` : t`The year is reopened`,
    );
  };

  if (!online)
    return (
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Title>
          <Trans>Period locks need a connection</Trans>
        </Alert.Title>
      </Alert.Root>
    );
  if (failed)
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>
          <Trans>There was an error, please refresh the page and try again</Trans>
        </Alert.Title>
      </Alert.Root>
    );

  const lastYear = new Date().getFullYear() - 1;
  return (
    <Stack gap="5" data-testid="period-lock-page">
      <Heading size="lg">
        <Trans>Period locks</Trans>
      </Heading>
      <Text color="fg.muted">
        <Trans>
          Nothing dated on or before a lock date can be added, changed, deleted or approved. A branch is locked through the later of its own
          date and the date for all branches.
        </Trans>
      </Text>
      <Card.Root>
        <Card.Body>
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>
                  <Trans>Branch</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Lock date</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Locked through</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Closed years</Trans>
                </Table.ColumnHeader>
                {canChange ? <Table.ColumnHeader /> : null}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {(rows ?? []).map((row) => {
                const key = String(row.branch);
                const latestClosed = row.closed_years[0] ?? null;
                return (
                  <Table.Row key={key} data-testid={`period-lock-${row.branch ?? "all"}`}>
                    <Table.Cell>{row.branch === null ? <Trans>All branches</Trans> : row.branch_name}</Table.Cell>
                    <Table.Cell>
                      {canChange ? (
                        <HStack>
                          <DateInput
                            size="sm"
                            maxW="44"
                            value={drafts[key] ?? ""}
                            onValueChange={(value) => setDrafts({ ...drafts, [key]: value })}
                            aria-label={t`Lock date`}
                          />
                          <Button
                            size="sm"
                            onClick={() => void saveLock(row.branch)}
                            loading={busy}
                            data-testid={`lock-save-${row.branch ?? "all"}`}
                          >
                            <Trans>Save</Trans>
                          </Button>
                        </HStack>
                      ) : (
                        shownDate(row.lock_date)
                      )}
                    </Table.Cell>
                    <Table.Cell>{shownDate(row.effective_lock_date)}</Table.Cell>
                    <Table.Cell>{row.closed_years.join(", ") || "—"}</Table.Cell>
                    {canChange ? (
                      <Table.Cell>
                        {row.branch !== null ? (
                          <HStack>
                            <Field.Root maxW="24">
                              <Input
                                size="sm"
                                inputMode="numeric"
                                aria-label={t`Year`}
                                value={years[row.branch] ?? String(lastYear)}
                                onChange={(e) => setYears({ ...years, [row.branch as number]: e.target.value })}
                              />
                            </Field.Root>
                            <Button
                              size="sm"
                              variant="outline"
                              disabled={busy}
                              onClick={() =>
                                setConfirming({
                                  kind: "close",
                                  branch: row.branch as number,
                                  branchName: row.branch_name ?? "",
                                  year: Number(years[row.branch as number] ?? lastYear),
                                })
                              }
                            >
                              <Trans>Close year</Trans>
                            </Button>
                            {latestClosed !== null ? (
                              <Button
                                size="sm"
                                variant="ghost"
                                disabled={busy}
                                onClick={() =>
                                  setConfirming({
                                    kind: "reopen",
                                    branch: row.branch as number,
                                    branchName: row.branch_name ?? "",
                                    year: latestClosed,
                                  })
                                }
                              >
                                <Trans>Reopen {latestClosed}</Trans>
                              </Button>
                            ) : null}
                          </HStack>
                        ) : null}
                      </Table.Cell>
                    ) : null}
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Card.Body>
      </Card.Root>
      <ConfirmDialog
        open={confirming !== null}
        loading={busy}
        title={confirming?.kind === "reopen" ? t`Reopen the year?` : t`Close the year?`}
        body={
          confirming?.kind === "reopen"
            ? t`The closing entries of ${confirming.year} in ${confirming.branchName} are reversed and its lock moves back to where it was before the close.`
            : confirming
              ? t`The income and expense of ${confirming.year} in ${confirming.branchName} move into retained earnings, and the branch is locked through the year's last day.`
              : ""
        }
        onConfirm={confirmYear}
        onCancel={() => setConfirming(null)}
      />
    </Stack>
  );
}
