import type { ReactNode } from "react";
import { Box, IconButton, Input, Table, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { LuTrash2 } from "react-icons/lu";
import { formatDate } from "../../../core/dates";
import { carriesQuantity } from "../../../core/item-types";
import { formatAmount, tryMoney } from "../../../core/money";
import { translateMessage } from "../../lib/messages";
import { DateInput } from "../form/date-input";
import { NumberField } from "../number-field";
import { lineAmounts, lineProblem, type DocumentLine } from "./document-lines";

export interface DocumentLinesTableProps {
  lines: readonly DocumentLine[];
  /** Without it the table is read-only (view and print screens). */
  onChange?: (lines: DocumentLine[]) => void;
  showBatch?: boolean;
  showExpiry?: boolean;
  showFee?: boolean;
  showDiscount?: boolean;
  /** Shows the net (price + fee - discount) column; default: with fee or discount. */
  showNet?: boolean;
  /** Price editable (default true when editable). */
  priceEditable?: boolean;
  /** Quantities may not go above what the stock row holds; the problem is shown on the line. */
  checkStock?: boolean;
  /** Server or form errors per line index (already translated or English SPEC texts). */
  errors?: Readonly<Record<number, string | undefined>>;
  /** Extra column after quantity (e.g. a return's sold/returned quantities). */
  extraColumn?: { title: string; render: (line: DocumentLine, index: number) => ReactNode };
  /** Label of the quantity column (default "Quantity"). */
  quantityTitle?: string;
  /** Label of the price column (default "Price"; a purchase: "Purchase Price"). */
  priceTitle?: string;
  /** No price, net nor total columns (transfers, damaged stock). */
  hidePrice?: boolean;
  /** Batch number and expire date are typed on the line (a purchase with batch tracking). */
  batchEditable?: boolean;
  emptyText?: string;
  /** Flags lines without a positive quantity or above the stock (default true when editable). */
  validate?: boolean;
}

const money = (v: string) => formatAmount(tryMoney(v) ?? 0);

/** The lines of a stock document: item, batch, expiry, quantity, price, fee, discount, net, total, remove. */
export function DocumentLinesTable(props: DocumentLinesTableProps) {
  const { lines, onChange, showBatch = true, showExpiry = true, showFee = false, showDiscount = false, checkStock = false, errors, extraColumn, hidePrice = false } = props;
  const batchEditable = Boolean(props.batchEditable && onChange);
  const { t } = useLingui();
  const editable = Boolean(onChange);
  const priceEditable = props.priceEditable ?? editable;
  const showNet = !hidePrice && (props.showNet ?? (showFee || showDiscount));

  const update = (index: number, patch: Partial<DocumentLine>) => {
    if (!onChange) return;
    const next = [...lines];
    next[index] = { ...next[index], ...patch };
    onChange(next);
  };
  const remove = (index: number) => onChange?.(lines.filter((_, i) => i !== index));

  const cellInput = (index: number, field: "quantity" | "price" | "fee" | "discount", label: string, extra: { min?: number; max?: number; currency?: boolean } = {}) => (
    <NumberField
      aria-label={`${label} ${index + 1}`}
      name={`items.${index}.${field}`}
      size="md"
      minW="24"
      hideStepper
      value={lines[index][field]}
      onValueChange={(value) => update(index, { [field]: value })}
      onKeyDown={(event) => {
        // Enter in a line confirms the value; it never submits the document.
        if (event.key === "Enter") event.preventDefault();
      }}
      textAlign="end"
      {...extra}
    />
  );

  return (
    <Box overflowX="auto" borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" striped data-testid="document-lines">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader w="1%">#</Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Item</Trans>
            </Table.ColumnHeader>
            {showBatch ? (
              <Table.ColumnHeader>
                <Trans>Batch</Trans>
              </Table.ColumnHeader>
            ) : null}
            {showExpiry ? (
              <Table.ColumnHeader>
                <Trans>Expire Date</Trans>
              </Table.ColumnHeader>
            ) : null}
            <Table.ColumnHeader textAlign="end">{props.quantityTitle ?? t`Quantity`}</Table.ColumnHeader>
            {extraColumn ? <Table.ColumnHeader textAlign="end">{extraColumn.title}</Table.ColumnHeader> : null}
            {hidePrice ? null : <Table.ColumnHeader textAlign="end">{props.priceTitle ?? t`Price`}</Table.ColumnHeader>}
            {showFee ? (
              <Table.ColumnHeader textAlign="end">
                <Trans>Fee</Trans>
              </Table.ColumnHeader>
            ) : null}
            {showDiscount ? (
              <Table.ColumnHeader textAlign="end">
                <Trans>Discount</Trans>
              </Table.ColumnHeader>
            ) : null}
            {showNet ? (
              <Table.ColumnHeader textAlign="end">
                <Trans>Net Price</Trans>
              </Table.ColumnHeader>
            ) : null}
            {hidePrice ? null : (
              <Table.ColumnHeader textAlign="end">
                <Trans>Total Price</Trans>
              </Table.ColumnHeader>
            )}
            {editable ? <Table.ColumnHeader w="1%" /> : null}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {lines.length === 0 ? (
            <Table.Row>
              <Table.Cell colSpan={12}>
                <Text color="fg.muted" textAlign="center" py="4">
                  {props.emptyText ?? t`No items yet: scan a barcode`}
                </Text>
              </Table.Cell>
            </Table.Row>
          ) : null}
          {lines.map((line, index) => {
            const amounts = lineAmounts(line);
            const hasQuantity = carriesQuantity(line.item_type);
            const problem = errors?.[index] ?? (editable && props.validate !== false ? lineProblem(line, checkStock) : null);
            return (
              <Table.Row key={line.key} data-testid="document-line" aria-invalid={problem ? true : undefined}>
                <Table.Cell>{index + 1}</Table.Cell>
                <Table.Cell minW="40">
                  <Text fontWeight="medium">{line.name}</Text>
                  {line.barcode ? (
                    <Text fontSize="xs" color="fg.muted" dir="ltr">
                      {line.barcode}
                    </Text>
                  ) : null}
                  {problem ? (
                    <Text fontSize="xs" color="fg.error" role="alert">
                      {translateMessage(problem)}
                    </Text>
                  ) : null}
                </Table.Cell>
                {showBatch ? (
                  <Table.Cell>
                    {batchEditable ? (
                      <Input
                        aria-label={`${t`Batch`} ${index + 1}`}
                        name={`items.${index}.batch_number`}
                        minW="28"
                        value={line.batch_number}
                        onChange={(event) => update(index, { batch_number: event.target.value })}
                        onKeyDown={(event) => {
                          if (event.key === "Enter") event.preventDefault();
                        }}
                      />
                    ) : (
                      line.batch_number
                    )}
                  </Table.Cell>
                ) : null}
                {showExpiry ? (
                  <Table.Cell whiteSpace="nowrap">
                    {batchEditable ? (
                      <DateInput
                        aria-label={`${t`Expire Date`} ${index + 1}`}
                        name={`items.${index}.expire_date`}
                        minW="32"
                        value={line.expire_date}
                        onValueChange={(value) => update(index, { expire_date: value || null })}
                      />
                    ) : line.expire_date ? (
                      formatDate(line.expire_date)
                    ) : (
                      ""
                    )}
                  </Table.Cell>
                ) : null}
                <Table.Cell textAlign="end">
                  {editable && hasQuantity
                    ? cellInput(index, "quantity", t`Quantity`, { min: 0, max: checkStock && line.available !== null ? Number(line.available) : undefined })
                    : line.quantity}
                  {editable && checkStock && hasQuantity && line.available !== null ? (
                    <Text fontSize="xs" color="fg.muted">
                      <Trans>Available: {line.available}</Trans>
                    </Text>
                  ) : null}
                </Table.Cell>
                {extraColumn ? <Table.Cell textAlign="end">{extraColumn.render(line, index)}</Table.Cell> : null}
                {hidePrice ? null : (
                  <Table.Cell textAlign="end">{priceEditable ? cellInput(index, "price", props.priceTitle ?? t`Price`, { min: 0, currency: true }) : money(line.price)}</Table.Cell>
                )}
                {showFee ? <Table.Cell textAlign="end">{editable ? cellInput(index, "fee", t`Fee`, { min: 0, currency: true }) : money(line.fee)}</Table.Cell> : null}
                {showDiscount ? (
                  <Table.Cell textAlign="end">{editable ? cellInput(index, "discount", t`Discount`, { min: 0, currency: true }) : money(line.discount)}</Table.Cell>
                ) : null}
                {showNet ? <Table.Cell textAlign="end">{money(amounts.net_price)}</Table.Cell> : null}
                {hidePrice ? null : (
                  <Table.Cell textAlign="end" fontWeight="medium" data-testid="line-total">
                    {money(amounts.total_price)}
                  </Table.Cell>
                )}
                {editable ? (
                  <Table.Cell>
                    <IconButton aria-label={t`Remove line ${index + 1}`} variant="ghost" colorPalette="red" size="md" onClick={() => remove(index)}>
                      <LuTrash2 />
                    </IconButton>
                  </Table.Cell>
                ) : null}
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
