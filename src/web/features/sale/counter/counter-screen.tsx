import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Badge, Box, Button, Dialog, Flex, Grid, IconButton, Input, Portal, Stack, Table, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { LuMinus, LuPlus, LuTrash2 } from "react-icons/lu";
import { formatAmount, isPositive, sub, toDecimalString, tryMoney } from "../../../../core/money";
import { toIsoDate } from "../../../../core/dates";
import { errorAction } from "../../../lib/api-errors";
import { translateMessage } from "../../../lib/messages";
import { showError, showInfo, showSuccess } from "../../../lib/toast";
import { useCurrentUser } from "../../../lib/use-permission";
import { formArgs, runCommand } from "../../../offline/commands";
import { getOfflineDb } from "../../../offline/db";
import { getOfflineRuntime } from "../../../offline/runtime-registry";
import { parkedSales, parkSale, takeParkedSale, type ParkedSale } from "../../../offline/parked-sales";
import { usePendingCount } from "../../../offline/sync-status";
import { defaultCustomer, type CustomerOption } from "../../../components/selectors/general-customer";
import { CustomerSelect } from "../../../components/selectors/customer-select";
import { CustomerCreditNotice } from "../../../components/customer-balance/customer-credit-notice";
import { useReferenceOptions } from "../../../components/selectors/use-reference-options";
import { documentTotals, lineAmounts, lineProblem, toSaleItems, type DocumentLine } from "../../../components/document/document-lines";
import { StockScanField, type StockScanFieldHandle } from "../../../components/document/stock-scan-field";
import { useDocumentCurrency } from "../../../components/document/use-document-currency";
import type { RowKey } from "../../../offline/sync-tables";
import { PayDialog } from "./pay-dialog";
import { tenderCurrencies, type PayOutcome } from "./counter-payment";
import { printQueuedReceipt, printReceipt } from "../../../components/sale/sale-receipt";
import { defaultInventory, defaultInventoryBranch } from "../../../../core/default-inventory";

/** A sale being keyed at the counter: what a parked sale keeps. */
interface CounterDraft {
  customer: RowKey | null;
  items: DocumentLine[];
}

const emptyDraft = (): CounterDraft => ({ customer: null, items: [] });
const db = () => getOfflineRuntime()?.db ?? getOfflineDb();
const money = (v: string) => formatAmount(v, { trimZeros: true });

/** The keys of the counter (also listed in its help). */
const SHORTCUTS = { pay: "F2", quantity: "F3", discount: "F4", void: "F8", park: "F9", newSale: "F10" } as const;

/**
 * The cashier's counter: made for a tablet in portrait or landscape. The scan field keeps the focus,
 * lines are compact rows, and the totals, the customer and Pay stay in view; payment in several
 * currencies with change (core counter-change); park and take back sales on the device; offline like
 * every create (the sale goes through the outbox).
 */
export default function CounterScreen() {
  const { t } = useLingui();
  const user = useCurrentUser();
  const pending = usePendingCount();
  const { currencies, baseCurrency, rateOf } = useDocumentCurrency();
  const customers = useReferenceOptions<CustomerOption & { name: string }>("customer/");
  const scanRef = useRef<StockScanFieldHandle>(null);
  const [draft, setDraft] = useState<CounterDraft>(emptyDraft);
  const [active, setActive] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ index: number; field: "quantity" | "discount" } | null>(null);
  const [paying, setPaying] = useState(false);
  const [saving, setSaving] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [parkedOpen, setParkedOpen] = useState(false);
  const [parked, setParked] = useState<ParkedSale<CounterDraft>[]>([]);
  // Counts the sales saved here, so the customer's balance is read again after each.
  const [saved, setSaved] = useState(0);

  const branchId = user?.default_branch_id ?? defaultInventoryBranch(user) ?? user?.branches[0]?.id ?? null;
  const inventoryId = defaultInventory(user, branchId);
  const currency = baseCurrency ?? currencies.find((c) => c.code === "IQD") ?? currencies[0] ?? null;
  const saleRate = currency ? rateOf(currency.id) || "1" : "1";
  const baseCode = baseCurrency?.code ?? currency?.code ?? "";
  const customer = draft.customer ?? defaultCustomer(customers.items, branchId, null);
  const tenders = useMemo(
    () => tenderCurrencies(user?.cashboxes ?? [], branchId, (id) => rateOf(id), baseCurrency?.id ?? null),
    [user, branchId, rateOf, baseCurrency],
  );
  const totals = documentTotals(draft.items, 0, 0);
  const lineCount = draft.items.length;

  const refocus = useCallback(() => window.setTimeout(() => scanRef.current?.focus(), 0), []);
  const setItems = useCallback((items: DocumentLine[], index: number) => {
    setDraft((d) => ({ ...d, items }));
    setActive(index);
  }, []);
  const updateLine = (index: number, patch: Partial<DocumentLine>) =>
    setDraft((d) => ({ ...d, items: d.items.map((l, i) => (i === index ? { ...l, ...patch } : l)) }));
  const voidLine = (index: number) => {
    setDraft((d) => ({ ...d, items: d.items.filter((_, i) => i !== index) }));
    setActive((a) => (a === null || lineCount <= 1 ? null : Math.min(a, lineCount - 2)));
    setEditing(null);
    refocus();
  };
  const step = (index: number, by: 1 | -1) => {
    const line = draft.items[index];
    const next = sub(tryMoney(line.quantity) ?? 0, -by);
    if (!isPositive(next)) return;
    updateLine(index, { quantity: toDecimalString(next, 3).replace(/\.?0+$/, "") });
    setActive(index);
    refocus();
  };
  const newSale = useCallback(() => {
    setDraft(emptyDraft());
    setActive(null);
    setEditing(null);
    setPaying(false);
    refocus();
  }, [refocus]);

  const reloadParked = useCallback(async () => setParked(await parkedSales<CounterDraft>(db(), user?.id ?? null)), [user]);
  useEffect(() => void reloadParked(), [reloadParked]);
  const park = async () => {
    if (lineCount === 0) return;
    const name = customers.items.find((c) => c.id === customer)?.name ?? "";
    await parkSale<CounterDraft>(db(), user?.id ?? null, { label: `${name} · ${money(totals.net)}`, draft });
    showInfo(t`Sale parked`);
    await reloadParked();
    newSale();
  };
  const takeBack = async (id: string) => {
    const taken = await takeParkedSale<CounterDraft>(db(), user?.id ?? null, id);
    setParkedOpen(false);
    await reloadParked();
    if (taken) {
      setDraft(taken.draft);
      setActive(taken.draft.items.length ? taken.draft.items.length - 1 : null);
    }
    refocus();
  };

  const problems = draft.items.map((l) => lineProblem(l, true));
  const canPay = lineCount > 0 && problems.every((p) => p === null) && customer !== null && inventoryId !== null;
  const openPay = () => {
    if (!canPay) {
      if (lineCount > 0) showError(translateMessage(problems.find(Boolean) ?? "This field is required"));
      return;
    }
    setPaying(true);
  };

  // The sale is saved either way; the cashier reprints from its view.
  const receiptFailed = () => showError(t`The receipt could not be printed: reprint it from the sale`);

  const pay = async (outcome: PayOutcome) => {
    if (!currency || !branchId || !inventoryId) return;
    setSaving(true);
    const body = {
      branch: branchId,
      inventory: inventoryId,
      customer,
      currency: currency.id,
      exchange_rate: saleRate,
      payment_type: outcome.paymentType,
      cashbox: null,
      paid_amount: outcome.paid,
      payments: outcome.payments,
      change: outcome.changeTender,
      discount: "0",
      input_date: toIsoDate(new Date()),
      note: "",
      items: toSaleItems(draft.items),
      is_premium: false,
    };
    try {
      const result = await runCommand("sale-create", formArgs("sale-create", body));
      if (result.queued) {
        showInfo(t`Saved, will sync`);
        void printQueuedReceipt(result.entryId, { drawer: true }).catch(receiptFailed);
        setSaved((n) => n + 1);
        newSale();
      } else if (result.ok) {
        showSuccess(t`Saved successfully`);
        const created = result.body as { id?: number } | null;
        if (created?.id) void printReceipt(created.id, { drawer: true }).catch(receiptFailed);
        setSaved((n) => n + 1);
        newSale();
      } else {
        const action = errorAction(result.status, result.body, translateMessage);
        const fields = result.body && typeof result.body === "object" ? Object.values(result.body as Record<string, unknown>) : [];
        const text = action.kind === "toast" ? action.lines.join("\n") : fields.flat().map(String).map(translateMessage).join("\n");
        showError(text || t`The sale was not saved`);
      }
    } catch (error) {
      showError(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  // Keyboard: a scanner-and-keyboard counter.
  const keys = useRef<(e: KeyboardEvent) => void>(() => undefined);
  const onShortcut = (e: KeyboardEvent) => {
    const target = active ?? (lineCount ? lineCount - 1 : null);
    const act = (fn: () => void) => {
      e.preventDefault();
      fn();
    };
    if (e.key === SHORTCUTS.pay) act(openPay);
    else if (e.key === SHORTCUTS.quantity && target !== null) act(() => setEditing({ index: target, field: "quantity" }));
    else if (e.key === SHORTCUTS.discount && target !== null) act(() => setEditing({ index: target, field: "discount" }));
    else if (e.key === SHORTCUTS.void && target !== null) act(() => voidLine(target));
    else if (e.key === SHORTCUTS.park) act(() => void park());
    else if (e.key === SHORTCUTS.newSale) act(newSale);
  };
  useEffect(() => {
    keys.current = onShortcut;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => keys.current(e);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  // The scan field takes the focus back after every tap that is not on another field, nor on a button
  // that opens a dialog: with a mouse the focus would land after the click has opened it, and a dialog
  // closes when the focus leaves it.
  const backToScan = (e: React.PointerEvent) => {
    const el = e.target as HTMLElement;
    if (el.closest("input, textarea, [role=combobox], [role=listbox], [role=dialog], [aria-haspopup=dialog]")) return;
    refocus();
  };

  return (
    <Grid
      data-testid="counter"
      onPointerUp={backToScan}
      h="calc(100dvh - 88px)"
      minH="0"
      w="full"
      maxW="100%"
      overflow="hidden"
      gap="3"
      templateColumns="minmax(0, 1fr)"
      templateRows="auto minmax(0, 1fr) auto"
      // Landscape: the totals, customer and Pay in a column beside the lines; portrait: below them.
      css={{ "@media (orientation: landscape)": { gridTemplateColumns: "minmax(0, 1fr) 320px", gridTemplateRows: "auto minmax(0, 1fr)" } }}
    >
      <Flex gap="2" align="end" minW="0" wrap="wrap">
        <Box flex="1" minW="0">
          <StockScanField
            ref={scanRef}
            autoFocus
            inventoryId={inventoryId}
            branchId={branchId}
            lines={draft.items}
            onLinesChange={setItems}
            checkStock
            selling
          />
        </Box>
        <Button size="lg" variant="outline" onClick={() => setHelpOpen(true)} aria-label={t`Shortcuts`} aria-haspopup="dialog">
          ?
        </Button>
      </Flex>

      <Box minH="0" overflowY="auto" overflowX="hidden" borderWidth="1px" borderRadius="md">
        {lineCount === 0 ? (
          <Text p="6" color="fg.muted" textAlign="center">
            <Trans>Scan an item to start the sale</Trans>
          </Text>
        ) : (
          <Table.Root size="sm" tableLayout="fixed" w="full" data-testid="counter-lines">
            <Table.Body>
              {draft.items.map((line, i) => {
                const amounts = lineAmounts(line);
                const highlighted = i === active;
                const problem = problems[i];
                return (
                  <Table.Row
                    key={line.key}
                    data-testid="counter-line"
                    data-active={highlighted || undefined}
                    bg={highlighted ? "blue.subtle" : undefined}
                    onClick={() => setActive(i)}
                  >
                    <Table.Cell w="40%" minW="0">
                      <Text truncate fontWeight="medium">
                        {line.name}
                      </Text>
                      {problem ? (
                        <Text fontSize="xs" color="fg.error">
                          {translateMessage(problem)}
                        </Text>
                      ) : isPositive(line.discount || "0") ? (
                        <Text fontSize="xs" color="fg.muted">
                          <Trans>Discount</Trans> {money(line.discount)}
                        </Text>
                      ) : null}
                    </Table.Cell>
                    <Table.Cell w="150px">
                      {editing?.index === i && editing.field === "quantity" ? (
                        <InlineAmount
                          label={t`Quantity`}
                          value={line.quantity}
                          onDone={(v) => {
                            if (tryMoney(v) && isPositive(v)) updateLine(i, { quantity: v });
                            setEditing(null);
                            refocus();
                          }}
                        />
                      ) : (
                        <Flex align="center" gap="1">
                          <IconButton size="md" variant="outline" aria-label={t`Less`} onClick={() => step(i, -1)}>
                            <LuMinus />
                          </IconButton>
                          <Button
                            size="md"
                            variant="ghost"
                            minW="10"
                            px="1"
                            data-testid="line-quantity"
                            onClick={() => setEditing({ index: i, field: "quantity" })}
                          >
                            {line.quantity}
                          </Button>
                          <IconButton size="md" variant="outline" aria-label={t`More`} onClick={() => step(i, 1)}>
                            <LuPlus />
                          </IconButton>
                        </Flex>
                      )}
                    </Table.Cell>
                    <Table.Cell textAlign="end" display={{ base: "none", sm: "table-cell" }}>
                      {editing?.index === i && editing.field === "discount" ? (
                        <InlineAmount
                          label={t`Discount`}
                          value={line.discount || "0"}
                          onDone={(v) => {
                            if (tryMoney(v)) updateLine(i, { discount: v });
                            setEditing(null);
                            refocus();
                          }}
                        />
                      ) : (
                        <Button size="sm" variant="ghost" onClick={() => setEditing({ index: i, field: "discount" })} title={t`Discount`}>
                          {money(amounts.net_price)}
                        </Button>
                      )}
                    </Table.Cell>
                    <Table.Cell textAlign="end" fontWeight="semibold" data-testid="line-total">
                      {money(amounts.total_price)}
                    </Table.Cell>
                    <Table.Cell w="56px">
                      <IconButton size="md" variant="ghost" colorPalette="red" aria-label={t`Void line`} onClick={() => voidLine(i)}>
                        <LuTrash2 />
                      </IconButton>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        )}
      </Box>

      <Stack
        gap="3"
        minW="0"
        p="3"
        borderWidth="1px"
        borderRadius="md"
        css={{ "@media (orientation: landscape)": { gridColumn: "2", gridRow: "1 / span 2" } }}
      >
        <CustomerSelect
          name="customer"
          branch={branchId}
          value={customer}
          onChange={(v) => setDraft((d) => ({ ...d, customer: v }))}
          allowCreate
        />
        {/* Before Pay the whole sale counts, as if on account; the Pay dialog counts what is left unpaid. */}
        <CustomerCreditNotice customer={customer} owed={totals.net} rate={saleRate} baseCode={baseCode} refresh={saved} />
        <Flex justify="space-between" align="baseline" gap="2">
          <Text fontSize="lg">
            <Trans>Total</Trans>
          </Text>
          <Text fontSize="3xl" fontWeight="bold" data-testid="counter-total">
            {money(totals.net)} {currency?.code}
          </Text>
        </Flex>
        <Button
          size="lg"
          h="16"
          fontSize="xl"
          colorPalette="green"
          onClick={openPay}
          disabled={!canPay}
          aria-haspopup="dialog"
          data-testid="counter-pay"
        >
          <Trans>Pay</Trans> ({SHORTCUTS.pay})
        </Button>
        <Flex gap="2" wrap="wrap">
          <Button flex="1" variant="outline" onClick={() => void park()} disabled={lineCount === 0}>
            <Trans>Park</Trans>
          </Button>
          <Button
            flex="1"
            variant="outline"
            onClick={() => setParkedOpen(true)}
            aria-haspopup="dialog"
            disabled={parked.length === 0}
            data-testid="counter-parked"
          >
            <Trans>Parked</Trans> ({parked.length})
          </Button>
          <Button flex="1" variant="outline" onClick={newSale}>
            <Trans>New sale</Trans>
          </Button>
        </Flex>
        {pending > 0 ? (
          <Badge colorPalette="orange" size="lg" data-testid="counter-outbox" alignSelf="start">
            <Trans>Waiting to sync: {pending}</Trans>
          </Badge>
        ) : null}
      </Stack>

      {paying && currency ? (
        <PayDialog
          open
          due={totals.net}
          saleCurrencyCode={currency.code}
          saleRate={saleRate}
          currencies={tenders}
          saving={saving}
          onCancel={() => {
            setPaying(false);
            refocus();
          }}
          onPay={(o) => void pay(o)}
          notice={(remaining) => (
            <CustomerCreditNotice customer={customer} owed={remaining} rate={saleRate} baseCode={baseCode} refresh={saved} />
          )}
        />
      ) : null}
      <SimpleDialog open={helpOpen} title={t`Shortcuts`} onClose={() => (setHelpOpen(false), refocus())}>
        <Stack gap="2" data-testid="counter-help">
          {(
            [
              [SHORTCUTS.pay, t`Pay`],
              [SHORTCUTS.quantity, t`Quantity of the highlighted line`],
              [SHORTCUTS.discount, t`Discount of the highlighted line`],
              [SHORTCUTS.void, t`Void the highlighted line`],
              [SHORTCUTS.park, t`Park the sale`],
              [SHORTCUTS.newSale, t`New sale`],
            ] as const
          ).map(([key, what]) => (
            <Flex key={key} gap="3">
              <Badge minW="12" justifyContent="center">
                {key}
              </Badge>
              <Text>{what}</Text>
            </Flex>
          ))}
        </Stack>
      </SimpleDialog>
      <SimpleDialog open={parkedOpen} title={t`Parked sales`} onClose={() => (setParkedOpen(false), refocus())}>
        <Stack gap="2">
          {parked.map((p) => (
            <Button key={p.id} variant="outline" justifyContent="space-between" onClick={() => void takeBack(p.id)}>
              <Text truncate>{p.label}</Text>
              <Text fontSize="xs">{new Date(p.parkedAt).toLocaleTimeString()}</Text>
            </Button>
          ))}
        </Stack>
      </SimpleDialog>
    </Grid>
  );
}

/** A number typed into a line (quantity or discount): Enter or leaving the field keeps it. */
function InlineAmount({ label, value, onDone }: { label: string; value: string; onDone: (v: string) => void }) {
  const [text, setText] = useState(value);
  return (
    <Input
      autoFocus
      size="md"
      aria-label={label}
      inputMode="decimal"
      value={text}
      onFocus={(e) => e.currentTarget.select()}
      onChange={(e) => setText(e.target.value)}
      onBlur={() => onDone(text.trim())}
      onKeyDown={(e) => {
        if (e.key === "Enter") {
          e.preventDefault();
          onDone(text.trim());
        } else if (e.key === "Escape") onDone(value);
      }}
    />
  );
}

function SimpleDialog({ open, title, onClose, children }: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  return (
    <Dialog.Root open={open} onOpenChange={(d) => (!d.open ? onClose() : undefined)} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                <Trans>Close</Trans>
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
