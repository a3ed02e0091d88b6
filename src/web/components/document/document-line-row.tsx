import { memo, type ReactNode } from "react";
import { IconButton, Input, Table, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { LuTrash2 } from "react-icons/lu";
import { formatDate } from "../../../core/dates";
import { carriesQuantity } from "../../../core/item-types";
import { formatAmount, tryMoney } from "../../../core/money";
import { translateMessage } from "../../lib/messages";
import { DateInput } from "../form/date-input";
import { lineAmounts, type DocumentLine } from "./document-lines";
import { LineAmountField } from "./line-amount-field";

/** Which columns a document's lines show and which of them are typed in (the same for every row). */
export interface LineColumns {
  editable: boolean;
  showBatch: boolean;
  showExpiry: boolean;
  showFee: boolean;
  showDiscount: boolean;
  showNet: boolean;
  priceEditable: boolean;
  batchEditable: boolean;
  checkStock: boolean;
  hidePrice: boolean;
  priceTitle?: string;
  extraColumn?: { title: string; render: (line: DocumentLine, index: number) => ReactNode };
}

export interface DocumentLineRowProps {
  line: DocumentLine;
  index: number;
  columns: LineColumns;
  /** The line's problem (already translated, or an English SPEC text), if any. */
  problem: string | null | undefined;
  /** Stable callbacks: a row re-renders only when its own line, place, columns or problem change. */
  onUpdate: (index: number, patch: Partial<DocumentLine>) => void;
  onRemove: (index: number) => void;
}

const money = (v: string) => formatAmount(tryMoney(v) ?? 0);

/**
 * One line of a document. Memoised: a scan that adds or raises one line re-renders that line only,
 * not every row's inputs (the sale screen lives on scans; a full re-render grew with every line).
 */
export const DocumentLineRow = memo(function DocumentLineRow({ line, index, columns, problem, onUpdate, onRemove }: DocumentLineRowProps) {
  const { t } = useLingui();
  const {
    editable,
    showBatch,
    showExpiry,
    showFee,
    showDiscount,
    showNet,
    priceEditable,
    batchEditable,
    checkStock,
    hidePrice,
    extraColumn,
  } = columns;
  const amounts = lineAmounts(line);
  const hasQuantity = carriesQuantity(line.item_type);

  const cellInput = (
    field: "quantity" | "price" | "fee" | "discount",
    label: string,
    extra: { min?: number; max?: number; currency?: boolean } = {},
  ) => (
    <LineAmountField
      label={`${label} ${index + 1}`}
      name={`items.${index}.${field}`}
      value={line[field]}
      onValueChange={(value) => onUpdate(index, { [field]: value })}
      {...extra}
    />
  );

  return (
    <Table.Row data-testid="document-line" aria-invalid={problem ? true : undefined}>
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
              onChange={(event) => onUpdate(index, { batch_number: event.target.value })}
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
              onValueChange={(value) => onUpdate(index, { expire_date: value || null })}
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
          ? cellInput("quantity", t`Quantity`, { min: 0, max: checkStock && line.available !== null ? Number(line.available) : undefined })
          : line.quantity}
        {editable && checkStock && hasQuantity && line.available !== null ? (
          <Text fontSize="xs" color="fg.muted">
            <Trans>Available: {line.available}</Trans>
          </Text>
        ) : null}
      </Table.Cell>
      {extraColumn ? <Table.Cell textAlign="end">{extraColumn.render(line, index)}</Table.Cell> : null}
      {hidePrice ? null : (
        <Table.Cell textAlign="end">
          {priceEditable ? cellInput("price", columns.priceTitle ?? t`Price`, { min: 0, currency: true }) : money(line.price)}
        </Table.Cell>
      )}
      {showFee ? (
        <Table.Cell textAlign="end">{editable ? cellInput("fee", t`Fee`, { min: 0, currency: true }) : money(line.fee)}</Table.Cell>
      ) : null}
      {showDiscount ? (
        <Table.Cell textAlign="end">
          {editable ? cellInput("discount", t`Discount`, { min: 0, currency: true }) : money(line.discount)}
        </Table.Cell>
      ) : null}
      {showNet ? <Table.Cell textAlign="end">{money(amounts.net_price)}</Table.Cell> : null}
      {hidePrice ? null : (
        <Table.Cell textAlign="end" fontWeight="medium" data-testid="line-total">
          {money(amounts.total_price)}
        </Table.Cell>
      )}
      {editable ? (
        <Table.Cell>
          <IconButton aria-label={t`Remove line ${index + 1}`} variant="ghost" colorPalette="red" size="md" onClick={() => onRemove(index)}>
            <LuTrash2 />
          </IconButton>
        </Table.Cell>
      ) : null}
    </Table.Row>
  );
});
