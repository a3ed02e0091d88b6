import { useState } from "react";
import { Badge, Box, Button, Card, Field, HStack, Input, List, NativeSelect, Progress, Stack, Table, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { LuDownload, LuEye, LuUpload } from "react-icons/lu";
import {
  IMPORT_KINDS,
  IMPORT_PERMISSION,
  isOpeningImportKind,
  type ImportAnswer,
  type ImportKind,
  type ImportLanguage,
  type RowOutcome,
} from "../../../../core/import-columns";
import { CardTitle } from "../../../components/card-title";
import { saveBlob } from "../../../components/export/table-export";
import { api } from "../../../lib/api-client";
import { translateMessage } from "../../../lib/messages";
import { showSuccess } from "../../../lib/toast";
import { useCurrentUser } from "../../../lib/use-permission";
import { hasAnyPermission } from "../../../../core/permissions";
import { sendCommand } from "../../../offline/commands";

/** The rows of the preview shown on the screen; the counts cover the whole file. */
const SHOWN_ROWS = 200;

type Progressed = { done: number; left: number };
type Finished = { status: number; body: ImportAnswer & { message?: string; file?: string[] } };

function OutcomeBadge({ outcome }: { outcome: RowOutcome }) {
  switch (outcome) {
    case "new":
      return (
        <Badge colorPalette="green">
          <Trans>New</Trans>
        </Badge>
      );
    case "update":
      return (
        <Badge colorPalette="blue">
          <Trans>Update</Trans>
        </Badge>
      );
    case "unchanged":
      return (
        <Badge colorPalette="gray">
          <Trans>Unchanged</Trans>
        </Badge>
      );
    default:
      return (
        <Badge colorPalette="red">
          <Trans>Error</Trans>
        </Badge>
      );
  }
}

/**
 * Import from a spreadsheet (CSV or XLSX): pick the kind, download its template in the user's
 * language, upload a filled one, read the preview (each row's outcome, each error with its row and
 * column, what will be created), then import it, all or nothing, watching the rows written.
 */
export default function ImportPage() {
  const { t, i18n } = useLingui();
  const user = useCurrentUser();
  const kinds = IMPORT_KINDS.filter((kind) => hasAnyPermission(user, [IMPORT_PERMISSION[kind]]));
  const [kind, setKind] = useState<ImportKind>(kinds[0] ?? "item");
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportAnswer | null>(null);
  const [busy, setBusy] = useState<"preview" | "import" | null>(null);
  const [progress, setProgress] = useState<Progressed | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const language = (["en", "ar", "ckb"].includes(i18n.locale) ? i18n.locale : "en") as ImportLanguage;
  const kindLabel: Record<ImportKind, string> = {
    item: t`Items`,
    customer: t`Customers`,
    supplier: t`Suppliers`,
    "opening-stock": t`Opening stock`,
    "opening-balance": t`Opening balances (cash and parties)`,
  };

  const reset = () => {
    setPreview(null);
    setProgress(null);
    setFileError(null);
  };

  const downloadTemplate = async (format: "csv" | "xlsx") => {
    const blob = await api.get(`import/${kind}/template/`, { searchParams: { format, lang: language }, headers: { Accept: "*/*" } }).blob();
    saveBlob(`import-${kind}-${language}.${format}`, blob);
  };

  /** A refusal of the file itself (too large, not a spreadsheet, a formula) is shown under the file. */
  const refusal = async (error: unknown) => {
    const response = (error as { response?: Response }).response;
    if (!response) throw error;
    const body = (await response.json().catch(() => null)) as { file?: string[]; errors?: unknown } | null;
    if (body?.file?.[0]) setFileError(translateMessage(body.file[0]));
    else if (body?.errors) setPreview(body as ImportAnswer);
    else throw error;
  };

  const runPreview = async () => {
    if (!file) return;
    reset();
    setBusy("preview");
    try {
      setPreview(await sendCommand("import-preview", { kind, file }, { timeout: false, silent: true }));
    } catch (error) {
      await refusal(error);
    } finally {
      setBusy(null);
    }
  };

  const runImport = async () => {
    if (!file) return;
    setBusy("import");
    setProgress({ done: 0, left: preview ? preview.new + preview.updated : 0 });
    try {
      const last = (await sendCommand(
        "import-run",
        { kind, file },
        {
          timeout: false,
          silent: true,
          lines: (line) => {
            if (line && typeof line === "object" && "done" in line) setProgress(line as Progressed);
          },
        },
      )) as Finished | null;
      if (last?.status === 200) {
        setPreview(last.body);
        showSuccess(t`Imported: ${last.body.new} new, ${last.body.updated} updated`);
      } else if (last?.body?.file?.[0]) setFileError(translateMessage(last.body.file[0]));
      else if (last?.body?.errors) setPreview(last.body);
      else if (last?.body?.message) setFileError(translateMessage(last.body.message));
    } catch (error) {
      await refusal(error);
    } finally {
      setBusy(null);
    }
  };

  const toCreate = preview
    ? ([
        [t`Groups`, preview.to_create.item_group],
        [t`Subgroups`, preview.to_create.item_subgroup],
        [t`Measurements`, preview.to_create.measurement],
        [t`Cities`, preview.to_create.city],
      ] as const)
    : [];
  const total = progress ? progress.done + progress.left : 0;

  return (
    <Card.Root>
      <Card.Body>
        <CardTitle title={t`Import from a spreadsheet`} />
        <Stack gap="5">
          <HStack gap="4" align="end" wrap="wrap">
            <Field.Root maxW="xs">
              <Field.Label>
                <Trans>What to import</Trans>
              </Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  aria-label={t`What to import`}
                  value={kind}
                  onChange={(e) => {
                    setKind(e.target.value as ImportKind);
                    reset();
                  }}
                >
                  {kinds.map((k) => (
                    <option key={k} value={k}>
                      {kindLabel[k]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Button variant="outline" onClick={() => void downloadTemplate("xlsx")}>
              <LuDownload />
              <Trans>Template (XLSX)</Trans>
            </Button>
            <Button variant="outline" onClick={() => void downloadTemplate("csv")}>
              <LuDownload />
              <Trans>Template (CSV)</Trans>
            </Button>
          </HStack>
          <Text color="fg.muted" fontSize="sm">
            {isOpeningImportKind(kind) ? (
              <Trans>
                Each branch's rows go into its opening balance document (a branch without one gets one dated today): a row replaces the
                document's line of the same inventory, item and batch (or cashbox, or party and currency) and the other lines stay, so the
                same file again changes nothing. Items are found by code or barcode, the rest by name. Nothing is saved while any row has an
                error.
              </Trans>
            ) : (
              <Trans>
                Rows are matched by code, then barcode (customers and suppliers by name): the same file again updates them and creates
                nothing twice. An empty cell leaves the field as it is. Nothing is saved while any row has an error.
              </Trans>
            )}
          </Text>
          <Field.Root invalid={Boolean(fileError)} maxW="md">
            <Field.Label>
              <Trans>File (CSV or XLSX)</Trans>
            </Field.Label>
            <Input
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                reset();
              }}
            />
            {fileError ? <Field.ErrorText>{fileError}</Field.ErrorText> : null}
          </Field.Root>
          <HStack gap="3">
            <Button variant="outline" disabled={!file || busy !== null} loading={busy === "preview"} onClick={() => void runPreview()}>
              <LuEye />
              <Trans>Preview</Trans>
            </Button>
            <Button
              colorPalette="blue"
              disabled={!preview || preview.saved || preview.errors.length > 0 || busy !== null}
              loading={busy === "import"}
              onClick={() => void runImport()}
            >
              <LuUpload />
              <Trans>Import</Trans>
            </Button>
          </HStack>
          {progress && busy === "import" ? (
            <Progress.Root value={total ? (progress.done / total) * 100 : null} maxW="md">
              <Progress.Label>
                <Trans>
                  {progress.done} rows written, {progress.left} left
                </Trans>
              </Progress.Label>
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          ) : null}
          {preview ? (
            <Stack gap="4" data-testid="import-preview">
              <Text fontWeight="medium">
                {preview.saved ? <Trans>Imported.</Trans> : <Trans>Preview: nothing is saved yet.</Trans>}{" "}
                <Trans>
                  {preview.rows} rows: {preview.new} new, {preview.updated} to update, {preview.unchanged} unchanged,{" "}
                  {preview.errors.length} errors
                </Trans>
              </Text>
              {toCreate.some(([, names]) => names.length > 0) ? (
                <Box>
                  <Text fontWeight="medium">
                    <Trans>To be created</Trans>
                  </Text>
                  <List.Root ps="5">
                    {toCreate
                      .filter(([, names]) => names.length > 0)
                      .map(([label, names]) => (
                        <List.Item key={label}>
                          {label}: {names.join(", ")}
                        </List.Item>
                      ))}
                  </List.Root>
                </Box>
              ) : null}
              {preview.errors.length > 0 ? (
                <Table.Root size="sm" aria-label={t`Errors`}>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>
                        <Trans>Row</Trans>
                      </Table.ColumnHeader>
                      <Table.ColumnHeader>
                        <Trans>Column</Trans>
                      </Table.ColumnHeader>
                      <Table.ColumnHeader>
                        <Trans>Error</Trans>
                      </Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {preview.errors.map((error) => (
                      <Table.Row key={`${error.row}-${error.column}`}>
                        <Table.Cell>{error.row}</Table.Cell>
                        <Table.Cell>{error.column}</Table.Cell>
                        <Table.Cell>{translateMessage(error.message)}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              ) : null}
              <Table.Root size="sm" aria-label={t`Rows`}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>
                      <Trans>Row</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader>
                      <Trans>Outcome</Trans>
                    </Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {preview.outcomes.slice(0, SHOWN_ROWS).map(({ row, outcome }) => (
                    <Table.Row key={row}>
                      <Table.Cell>{row}</Table.Cell>
                      <Table.Cell>
                        <OutcomeBadge outcome={outcome} />
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
              {preview.outcomes.length > SHOWN_ROWS ? (
                <Text color="fg.muted" fontSize="sm">
                  <Trans>The first {SHOWN_ROWS} rows are shown.</Trans>
                </Text>
              ) : null}
            </Stack>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
