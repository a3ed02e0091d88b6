import { memo, useCallback, useMemo, useRef, type ReactNode } from "react";
import { Box, Table, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { DocumentLineRow, type LineColumns } from "./document-line-row";
import { lineProblem, type DocumentLine } from "./document-lines";

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

/**
 * The lines of a stock document: item, batch, expiry, quantity, price, fee, discount, net, total, remove.
 * Memoised: a form render that leaves the lines, the errors and the callbacks as they were skips it.
 */
export const DocumentLinesTable = memo(function DocumentLinesTable(props: DocumentLinesTableProps) {
  const {
    lines,
    onChange,
    showBatch = true,
    showExpiry = true,
    showFee = false,
    showDiscount = false,
    checkStock = false,
    errors,
    extraColumn,
    hidePrice = false,
  } = props;
  const batchEditable = Boolean(props.batchEditable && onChange);
  const { t } = useLingui();
  const editable = Boolean(onChange);
  const priceEditable = props.priceEditable ?? editable;
  const showNet = !hidePrice && (props.showNet ?? (showFee || showDiscount));

  // The rows get stable callbacks that read the latest lines, so an unchanged row is not re-rendered.
  const latest = useRef({ lines, onChange });
  latest.current = { lines, onChange };
  const update = useCallback((index: number, patch: Partial<DocumentLine>) => {
    const { lines: current, onChange: change } = latest.current;
    if (!change) return;
    const next = [...current];
    next[index] = { ...next[index], ...patch };
    change(next);
  }, []);
  const remove = useCallback((index: number) => {
    const { lines: current, onChange: change } = latest.current;
    change?.(current.filter((_, i) => i !== index));
  }, []);
  const columns = useMemo<LineColumns>(
    () => ({
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
      priceTitle: props.priceTitle,
      extraColumn,
    }),
    [
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
      props.priceTitle,
      extraColumn,
    ],
  );

  // The header does not change on a scan: one element, not a dozen cells rendered again per line added.
  const extraTitle = extraColumn?.title;
  const header = useMemo(
    () => (
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
          {extraTitle !== undefined ? <Table.ColumnHeader textAlign="end">{extraTitle}</Table.ColumnHeader> : null}
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
    ),
    [showBatch, showExpiry, extraTitle, hidePrice, showFee, showDiscount, showNet, editable, props.quantityTitle, props.priceTitle, t],
  );

  return (
    <Box overflowX="auto" borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" striped data-testid="document-lines">
        {header}
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
          {lines.map((line, index) => (
            <DocumentLineRow
              key={line.key}
              line={line}
              index={index}
              columns={columns}
              problem={errors?.[index] ?? (editable && props.validate !== false ? lineProblem(line, checkStock) : null)}
              onUpdate={update}
              onRemove={remove}
            />
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
});
