import { Box, SimpleGrid } from "@chakra-ui/react";
import { useFormikContext } from "formik";
import { useLingui } from "@lingui/react/macro";
import { inventoryStockTransferSchema } from "../../../../core/validation/stock-document-schemas";
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
import { BranchSelect } from "../../../components/selectors/branch-select";
import { InventorySelect } from "../../../components/selectors/inventory-select";
import type { RowKey } from "../../../offline/sync-tables";
import { transferEditRefusal, transferLines, type TransferRecord } from "./transfer-record";

const LIST_PATH = "/stock/inventory-stock-transfer";

interface Values extends StockMoveValues {
  branch: RowKey | null;
  from_inventory: RowKey | null;
  to_inventory: RowKey | null;
}

const initial = (): Values => ({ branch: null, from_inventory: null, to_inventory: null, ...initialStockMove() });

const toBody = (v: Values) => ({
  branch: v.branch,
  from_inventory: v.from_inventory,
  to_inventory: v.to_inventory,
  ...stockMoveBody(v),
});

const fromRecord = (r: TransferRecord): Values => ({
  branch: r.branch,
  from_inventory: r.from_inventory,
  to_inventory: r.to_inventory,
  ...stockMoveValues(r, transferLines(r)),
});

/** Add / edit an inventory stock transfer: branch, from and to inventory, the source's stock scanned, quantities. */
export default function TransferForm() {
  const { t } = useLingui();
  const form = useDocumentForm<Values, TransferRecord>({
    resource: "inventory-stock-transfer",
    listPath: LIST_PATH,
    schema: inventoryStockTransferSchema,
    initialValues: initial(),
    fromRecord,
    toBody,
    editRefusal: transferEditRefusal,
  });
  return (
    <DocumentFormScreen
      title={form.isEdit ? t`Edit Inventory Transfer` : t`Add Inventory Transfer`}
      listPath={LIST_PATH}
      model="inventorystocktransfer"
      {...form}
    >
      <TransferFields />
    </DocumentFormScreen>
  );
}

function TransferFields() {
  const { t } = useLingui();
  const { values } = useFormikContext<Values>();
  const branch = useFormField<RowKey | null>("branch");
  const from = useSourceInventory("from_inventory");
  const to = useFormField<RowKey | null>("to_inventory");
  const branchId = typeof values.branch === "number" ? values.branch : null;
  return (
    <>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" mb="4">
        <BranchSelect
          name="branch"
          value={branch.value}
          onChange={branch.setValue}
          invalid={branch.invalid}
          errorText={branch.errorText}
          required
        />
        <InventorySelect
          name="from_inventory"
          label={t`From Inventory`}
          branchId={branchId}
          value={from.value}
          onChange={from.onChange}
          invalid={from.invalid}
          errorText={from.errorText}
          required
        />
        <InventorySelect
          name="to_inventory"
          label={t`To Inventory`}
          value={to.value}
          onChange={to.setValue}
          invalid={to.invalid}
          errorText={to.errorText}
          required
        />
        <DateField name="input_date" label={t`Date`} />
        <Box gridColumn={{ md: "span 2" }}>
          <TextField name="note" label={t`Note`} />
        </Box>
      </SimpleGrid>
      <StockMoveLines inventory={values.from_inventory} branchId={branchId} />
    </>
  );
}
