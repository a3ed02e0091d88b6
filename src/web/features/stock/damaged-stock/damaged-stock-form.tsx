import { useCallback } from "react";
import { Box, SimpleGrid } from "@chakra-ui/react";
import { useFormikContext } from "formik";
import { useLingui } from "@lingui/react/macro";
import { toIsoDate } from "../../../../core/dates";
import { damagedStockSchema } from "../../../../core/validation/stock-document-schemas";
import type { DocumentLine } from "../../../components/document/document-lines";
import { DocumentLinesTable } from "../../../components/document/document-lines-table";
import { StockScanField } from "../../../components/document/stock-scan-field";
import { DocumentFormScreen } from "../../../components/form/document-form-screen";
import { DateField, TextField, useFormField } from "../../../components/form/form-fields";
import { lineErrorsOf, useDocumentForm } from "../../../components/form/use-document-form";
import { InventorySelect } from "../../../components/selectors/inventory-select";
import { ReferenceSelect } from "../../../components/selectors/reference-select";
import type { RowKey } from "../../../offline/sync-tables";
import { damagedLines, type DamagedRecord } from "./damaged-record";

const LIST_PATH = "/stock/damaged-stock";

interface Values {
  inventory: RowKey | null;
  damaged_stock_type: RowKey | null;
  input_date: string;
  note: string;
  lines: DocumentLine[];
}

const initial = (): Values => ({ inventory: null, damaged_stock_type: null, input_date: toIsoDate(new Date()), note: "", lines: [] });

const toBody = (v: Values) => ({
  inventory: v.inventory,
  damaged_stock_type: v.damaged_stock_type,
  input_date: v.input_date || null,
  note: v.note.trim(),
  items: v.lines.filter((l) => l.stock !== null).map((l) => ({ stock: l.stock, quantity: l.quantity })),
});

const fromRecord = (r: DamagedRecord): Values => ({
  inventory: r.inventory,
  damaged_stock_type: r.damaged_stock_type,
  input_date: (r.input_date ?? "").slice(0, 10),
  note: r.note ?? "",
  lines: damagedLines(r),
});

/** Add / edit damaged stock: inventory, type, the stock scanned, quantities, note. */
export default function DamagedStockForm() {
  const { t } = useLingui();
  const form = useDocumentForm<Values, DamagedRecord>({
    resource: "damaged-stock",
    listPath: LIST_PATH,
    schema: damagedStockSchema,
    initialValues: initial(),
    fromRecord,
    toBody,
  });
  return (
    <DocumentFormScreen
      title={form.isEdit ? t`Edit Damaged Stock` : t`Add Damaged Stock`}
      listPath={LIST_PATH}
      model="damagedstock"
      {...form}
    >
      <DamagedFields />
    </DocumentFormScreen>
  );
}

function DamagedFields() {
  const { t } = useLingui();
  const { values, setFieldValue, errors, submitCount } = useFormikContext<Values>();
  const inventory = useFormField<RowKey | null>("inventory");
  const type = useFormField<RowKey | null>("damaged_stock_type");
  const setLines = useCallback((lines: DocumentLine[]) => void setFieldValue("lines", lines), [setFieldValue]);
  return (
    <>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" mb="4">
        <InventorySelect
          name="inventory"
          value={inventory.value}
          autoPick
          onChange={(value) => {
            if (value !== inventory.value) setLines([]);
            inventory.setValue(value);
          }}
          invalid={inventory.invalid}
          errorText={inventory.errorText}
          required
        />
        <ReferenceSelect
          label={t`Damaged Stock Type`}
          endpoint="damaged-stock-type/"
          name="damaged_stock_type"
          value={type.value}
          onChange={type.setValue}
          invalid={type.invalid}
          errorText={type.errorText}
          required
        />
        <DateField name="input_date" label={t`Date`} />
        <Box gridColumn={{ md: "span 3" }}>
          <TextField name="note" label={t`Note`} multiline />
        </Box>
      </SimpleGrid>
      <Box mb="3">
        <StockScanField
          inventoryId={typeof values.inventory === "number" ? values.inventory : null}
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
