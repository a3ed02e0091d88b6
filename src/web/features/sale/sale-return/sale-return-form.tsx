import { useEffect, useMemo, useState } from "react";
import { Alert, Button, Card, Field, Flex, Input, SimpleGrid, Stack, Text, Textarea } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { formatDate, toIsoDate } from "../../../../core/dates";
import { MESSAGES } from "../../../../core/messages";
import { add, greaterThan, isPositive, sub, toDecimalString, tryMoney } from "../../../../core/money";
import type { Paged } from "../../../../core/api-types";
import { api, getErrorBody, toErrorMessage } from "../../../lib/api-client";
import { translateMessage } from "../../../lib/messages";
import { showError, showSuccess } from "../../../lib/toast";
import { formArgs, runCommand, sendCommand } from "../../../offline/commands";
import { CardTitle } from "../../../components/card-title";
import { documentTotals, lineAmounts, type DocumentLine } from "../../../components/document/document-lines";
import { DocumentLinesTable } from "../../../components/document/document-lines-table";
import { linesFromRecord, recordItems, type RecordLine } from "../../../components/document/document-record";
import { DocumentTotals } from "../../../components/document/document-totals";
import { SaveButton } from "../../../components/save-button";
import { LabelledDateInput } from "../../../components/form/labelled-date-input";
import { parseDateInput } from "../../../../core/date-input";
import { useCreateOutcome } from "../../../components/form/use-create-outcome";
import {
  NO_SETTLEMENT_VALUE,
  ReturnSettlementFields,
  settlementBody,
  settlementOf,
  type SettlementValue,
} from "../../../components/document/return-settlement-fields";

const LIST_PATH = "/sale/sale-return";

interface SaleForReturn {
  id: number;
  invoice_no: number;
  branch?: number;
  customer: number;
  customer_name: string;
  currency: number;
  currency_code: string;
  inventory_name?: string;
  net_price: string;
  items?: RecordLine[];
  lines?: RecordLine[];
}

interface SaleCandidate {
  id: number;
  invoice_no: number;
  branch_name?: string;
  customer_name: string;
  net_price: string;
  currency_code: string;
  input_date: string;
}

interface ReturnRecord {
  id: number;
  sale: number;
  sale_invoice_no: number;
  note: string;
  input_date: string;
  refund_cashbox?: number | null;
  refund_amount?: string;
  credit_note_amount?: string;
  items?: RecordLine[];
  lines?: RecordLine[];
}

/** A sale line offered for return: sold, already returned (by other returns), and what may still come back. */
export interface ReturnableLine extends DocumentLine {
  sold: string;
  returned: string;
}

/** Sold and returned quantities per stock row; quantity starts at 0 (pure). */
export function returnableLines(saleLines: readonly DocumentLine[], returns: readonly DocumentLine[][]): ReturnableLine[] {
  const returned = new Map<number, string>();
  for (const lines of returns)
    for (const l of lines)
      if (l.stock !== null) returned.set(l.stock, toDecimalString(add(returned.get(l.stock) ?? "0", tryMoney(l.quantity) ?? 0), 3));
  const byStock = new Map<number, ReturnableLine>();
  for (const l of saleLines) {
    if (l.stock === null) continue; // services carry no stock: nothing comes back
    const prior = byStock.get(l.stock);
    const sold = prior ? toDecimalString(add(prior.sold, tryMoney(l.quantity) ?? 0), 3) : l.quantity;
    byStock.set(l.stock, {
      ...l,
      // The return's price: what the customer paid per unit.
      price: lineAmounts({ ...l, quantity: "1" }).net_price,
      fee: "0",
      discount: "0",
      sold,
      returned: returned.get(l.stock) ?? "0",
      quantity: "0",
      available: null,
    });
  }
  return [...byStock.values()].map((l) => ({ ...l, available: toDecimalString(sub(l.sold, l.returned), 3) }));
}

export default function SaleReturnForm() {
  const { t } = useLingui();
  const { id } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [invoiceNo, setInvoiceNo] = useState(search.get("sale") ?? "");
  const [sale, setSale] = useState<SaleForReturn | null>(null);
  const [lines, setLines] = useState<ReturnableLine[]>([]);
  const [note, setNote] = useState("");
  const [settlement, setSettlement] = useState<SettlementValue>(NO_SETTLEMENT_VALUE);
  const [date, setDate] = useState(toIsoDate(new Date()));
  const [findError, setFindError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const followCreate = useCreateOutcome({
    listPath: LIST_PATH,
    onRefusalText: (text) => setMessage(text ?? t`The server refused the return.`),
  });
  const [candidates, setCandidates] = useState<SaleCandidate[]>([]);
  const isEdit = Boolean(id);

  const loadSale = async (saleId: number, exceptReturn: number | null, keep?: DocumentLine[]) => {
    const record = await api.get(`sale/${saleId}/`, { context: { silent: true } }).json<SaleForReturn>();
    const list = await api
      .get("sale-return/", { searchParams: { sale: String(saleId), page_size: "200" }, context: { silent: true } })
      .json<Paged<{ id: number }>>();
    const others = await Promise.all(
      list.results
        .filter((r) => r.id !== exceptReturn)
        .map((r) => api.get(`sale-return/${r.id}/`, { context: { silent: true } }).json<ReturnRecord>()),
    );
    const offered = returnableLines(
      linesFromRecord(recordItems(record)),
      others.map((r) => linesFromRecord(recordItems(r))),
    );
    const kept = new Map((keep ?? []).map((l) => [l.stock, l]));
    setSale(record);
    setInvoiceNo(String(record.invoice_no));
    setLines(
      offered.map((l) => (kept.has(l.stock) ? { ...l, quantity: kept.get(l.stock)!.quantity, price: kept.get(l.stock)!.price } : l)),
    );
  };

  const find = async (text = invoiceNo) => {
    setFindError(null);
    setMessage(null);
    if (text.trim() === "") {
      setFindError(MESSAGES.saleInvoiceRequired);
      return;
    }
    setCandidates([]);
    try {
      const page = await api
        .get("sale/", { searchParams: { invoice_no: text.trim(), page_size: "25" }, context: { silent: true } })
        .json<Paged<SaleCandidate>>();
      if (page.results.length === 0) {
        setSale(null);
        setLines([]);
        setFindError(MESSAGES.saleInvoiceNotFound);
        return;
      }
      // Numbers are per branch: the same number in several branches is the user's choice.
      if (page.results.length > 1) {
        setSale(null);
        setLines([]);
        setCandidates(page.results);
        return;
      }
      await loadSale(page.results[0].id, null);
    } catch (e) {
      setFindError(toErrorMessage(e) ?? MESSAGES.saleInvoiceNotFound);
    }
  };

  useEffect(() => {
    if (id) {
      api
        .get(`sale-return/${id}/`, { context: { silent: true } })
        .json<ReturnRecord>()
        .then((r) => {
          setNote(r.note ?? "");
          setSettlement(settlementOf(r));
          setDate((r.input_date ?? "").slice(0, 10));
          return loadSale(r.sale, r.id, linesFromRecord(recordItems(r)));
        })
        .catch((e: unknown) => setFindError(toErrorMessage(e) ?? t`The record could not be loaded.`));
    } else if (search.get("sale")) void find(search.get("sale")!);
    // Once on open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  const chosen = useMemo(() => lines.filter((l) => isPositive(tryMoney(l.quantity) ?? 0)), [lines]);
  const lineErrors = useMemo(() => {
    const errors: Record<number, string> = {};
    lines.forEach((l, i) => {
      if (l.available !== null && greaterThan(tryMoney(l.quantity) ?? 0, l.available)) errors[i] = MESSAGES.quantityAboveStock;
    });
    return errors;
  }, [lines]);

  const save = async () => {
    if (!sale) {
      setFindError(MESSAGES.saleInvoiceRequired);
      return;
    }
    // A refused date says why under the field (LabelledDateInput) once the user has left it.
    if (chosen.length === 0 || Object.keys(lineErrors).length > 0 || parseDateInput(date).kind === "invalid") return;
    setSaving(true);
    setMessage(null);
    const body = {
      sale: sale.id,
      customer: sale.customer,
      currency: sale.currency,
      input_date: date || null,
      note: note.trim(),
      ...settlementBody(settlement),
      items: chosen.map((l) => ({ stock: l.stock, quantity: l.quantity, price: l.price })),
    };
    try {
      if (id) {
        await sendCommand("sale-return-edit", formArgs("sale-return-edit", { id, body }), { silent: true });
        showSuccess(t`Updated successfully`);
        navigate(`${LIST_PATH}/${id}/view`);
        return;
      }
      followCreate(await runCommand("sale-return-create", formArgs("sale-return-create", body)));
    } catch (e) {
      const text = toErrorMessage(e);
      if (text) setMessage(text);
      else if (getErrorBody(e)) setMessage(JSON.stringify(getErrorBody(e)));
      else showError(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card.Root>
      <Card.Body p={{ base: "3", md: "5" }}>
        <CardTitle title={isEdit ? t`Edit Sale Return` : t`Add Sale Return`} back={LIST_PATH} close={LIST_PATH} />
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="3" alignItems="end">
            <Field.Root invalid={Boolean(findError)} required ids={{ control: "sale_invoice_no" }}>
              <Field.Label>
                {t`Sale Invoice No.`}
                <Field.RequiredIndicator />
              </Field.Label>
              <Flex gap="2" w="full">
                <Input
                  name="sale_invoice_no"
                  inputMode="numeric"
                  autoFocus={!isEdit}
                  disabled={isEdit}
                  value={invoiceNo}
                  onChange={(e) => setInvoiceNo(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === "Enter") {
                      e.preventDefault();
                      void find();
                    }
                  }}
                />
                <Button variant="outline" onClick={() => void find()} disabled={isEdit}>
                  <Trans>Find</Trans>
                </Button>
              </Flex>
              <Field.ErrorText>{findError ? translateMessage(findError) : null}</Field.ErrorText>
            </Field.Root>
            <LabelledDateInput name="input_date" label={t`Date`} value={date} onValueChange={setDate} />
            {sale ? (
              <Text>
                <Trans>Customer</Trans>: <b>{sale.customer_name}</b> · {sale.currency_code}
              </Text>
            ) : null}
          </SimpleGrid>
          {candidates.length > 0 ? (
            <Stack gap="2" data-testid="sale-candidates">
              <Text fontWeight="medium">
                <Trans>Several sales have this number: choose one</Trans>
              </Text>
              <Flex gap="2" wrap="wrap">
                {candidates.map((c) => (
                  <Button
                    key={c.id}
                    variant="outline"
                    size="lg"
                    onClick={() => {
                      setCandidates([]);
                      void loadSale(c.id, null);
                    }}
                  >
                    {[c.branch_name, c.customer_name, formatDate(c.input_date), `${c.net_price} ${c.currency_code}`]
                      .filter(Boolean)
                      .join(" · ")}
                  </Button>
                ))}
              </Flex>
            </Stack>
          ) : null}
          {message ? (
            <Alert.Root status="error" data-testid="server-message">
              <Alert.Indicator />
              <Alert.Title whiteSpace="pre-line">{message}</Alert.Title>
            </Alert.Root>
          ) : null}
          <DocumentLinesTable
            lines={lines}
            onChange={(next) => setLines(next as ReturnableLine[])}
            quantityTitle={t`Return Quantity`}
            extraColumn={{ title: t`Sold / Returned`, render: (l) => `${(l as ReturnableLine).sold} / ${(l as ReturnableLine).returned}` }}
            errors={lineErrors}
            validate={false}
            emptyText={t`Find the sale by its invoice number`}
          />
          {sale ? (
            <ReturnSettlementFields value={settlement} onChange={setSettlement} branchId={sale.branch ?? null} party="customer" />
          ) : null}
          <Field.Root ids={{ control: "note" }}>
            <Field.Label>{t`Note`}</Field.Label>
            <Textarea name="note" rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
          </Field.Root>
          <Flex justify="space-between" align="start" gap="4" wrap="wrap">
            <DocumentTotals totals={documentTotals(chosen)} currency={sale?.currency_code} hidePayment hideDiscount />
            <SaveButton
              permissions={[isEdit ? "change_salereturn" : "add_salereturn"]}
              type="button"
              loading={saving}
              disabled={!sale || chosen.length === 0}
              onClick={() => void save()}
              size="lg"
            />
          </Flex>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
