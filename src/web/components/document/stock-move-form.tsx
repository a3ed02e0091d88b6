import { useCallback } from "react";
import { Box } from "@chakra-ui/react";
import { useFormikContext } from "formik";
import { toIsoDate } from "../../../core/dates";
import { useFormField } from "../form/form-fields";
import { lineErrorsOf } from "../form/use-document-form";
import type { RowKey } from "../../offline/sync-tables";
import type { DocumentLine } from "./document-lines";
import { DocumentLinesTable } from "./document-lines-table";
import { StockScanField } from "./stock-scan-field";

/**
 * What every form moving stock out of one inventory (damaged stock, an inventory transfer) keeps beside
 * its own fields: the date, the note and the source's stock lines, moved at cost (no price).
 */
export interface StockMoveValues {
  input_date: string;
  note: string;
  lines: DocumentLine[];
}

export const initialStockMove = (): StockMoveValues => ({ input_date: toIsoDate(new Date()), note: "", lines: [] });

/** The shared part of the body: date, trimmed note, the stock lines as {stock, quantity}. */
export const stockMoveBody = (v: StockMoveValues) => ({
  input_date: v.input_date || null,
  note: v.note.trim(),
  items: v.lines.filter((l) => l.stock !== null).map((l) => ({ stock: l.stock, quantity: l.quantity })),
});

/** The shared values of a saved document, with its lines. */
export const stockMoveValues = (r: { input_date?: string | null; note?: string | null }, lines: DocumentLine[]): StockMoveValues => ({
  input_date: (r.input_date ?? "").slice(0, 10),
  note: r.note ?? "",
  lines,
});

/** The source inventory's field: changing it clears the lines, which are its stock rows (SPEC section 4). */
export function useSourceInventory(name: string) {
  const field = useFormField<RowKey | null>(name);
  const { setFieldValue } = useFormikContext<StockMoveValues>();
  return {
    ...field,
    onChange: (value: RowKey | null) => {
      if (value !== field.value) void setFieldValue("lines", []);
      field.setValue(value);
    },
  };
}

/** The scan field and the lines of the source inventory's stock, checked against what it holds. */
export function StockMoveLines({ inventory, branchId }: { inventory: RowKey | null; branchId?: number | null }) {
  const { values, setFieldValue, errors, submitCount } = useFormikContext<StockMoveValues>();
  const setLines = useCallback((lines: DocumentLine[]) => void setFieldValue("lines", lines), [setFieldValue]);
  return (
    <>
      <Box mb="3">
        <StockScanField
          inventoryId={typeof inventory === "number" ? inventory : null}
          branchId={branchId}
          lines={values.lines}
          checkStock
          existQty
          onLinesChange={setLines}
        />
      </Box>
      <DocumentLinesTable lines={values.lines} onChange={setLines} hidePrice checkStock errors={lineErrorsOf(errors, submitCount > 0)} />
    </>
  );
}
