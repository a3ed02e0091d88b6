import { Box, SimpleGrid } from "@chakra-ui/react";
import { useFormikContext } from "formik";
import { useLingui } from "@lingui/react/macro";
import { damagedStockSchema } from "../../../../core/validation/stock-document-schemas";
import {
  initialStockMove,
  StockMoveLines,
  stockMoveBody,
  stockMoveValues,
  useSourceInventory,
  type StockMoveValues,
} from "../../../components/document/stock-move-form";
import { DocumentFormScreen } from "../../../components/form/document-form-screen";
import { DateField, TextField, useFormField } from "../../../components/form/form-fields";
import { useDocumentForm } from "../../../components/form/use-document-form";
import { InventorySelect } from "../../../components/selectors/inventory-select";
import { ReferenceSelect } from "../../../components/selectors/reference-select";
import type { RowKey } from "../../../offline/sync-tables";
import { damagedLines, type DamagedRecord } from "./damaged-record";

const LIST_PATH = "/stock/damaged-stock";

interface Values extends StockMoveValues {
  inventory: RowKey | null;
  damaged_stock_type: RowKey | null;
}

const initial = (): Values => ({ inventory: null, damaged_stock_type: null, ...initialStockMove() });

const toBody = (v: Values) => ({ inventory: v.inventory, damaged_stock_type: v.damaged_stock_type, ...stockMoveBody(v) });

const fromRecord = (r: DamagedRecord): Values => ({
  inventory: r.inventory,
  damaged_stock_type: r.damaged_stock_type,
  ...stockMoveValues(r, damagedLines(r)),
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
  const { values } = useFormikContext<Values>();
  const inventory = useSourceInventory("inventory");
  const type = useFormField<RowKey | null>("damaged_stock_type");
  return (
    <>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" mb="4">
        <InventorySelect
          name="inventory"
          value={inventory.value}
          autoPick
          onChange={inventory.onChange}
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
      <StockMoveLines inventory={values.inventory} />
    </>
  );
}
