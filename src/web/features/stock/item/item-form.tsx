import { Field, Input, NativeSelect } from "@chakra-ui/react";
import { useFormikContext } from "formik";
import { useLingui } from "@lingui/react/macro";
import { ITEM_TYPES, ITEM_TYPE_IDS } from "../../../../core/item-types";
import { isNegative } from "../../../../core/money";
import { itemSchema } from "../../../../core/validation/stock-schemas";
import { CheckboxField, DateField, NumberFormField, TextField, useFormField } from "../../../components/form/form-fields";
import { FormScreen } from "../../../components/form/form-screen";
import { useRecordForm } from "../../../components/form/use-record-form";
import { ImageUploader } from "../../../components/image-uploader";
import { ItemGroupSelect } from "../../../components/selectors/item-group-select";
import { ItemSubgroupSelect } from "../../../components/selectors/item-subgroup-select";
import { MeasurementSelect } from "../../../components/selectors/measurement-select";
import { refId } from "../../../components/table/ref-value";
import type { RowKey } from "../../../offline/sync-tables";
import { useItemTypeLabels } from "./item-type-labels";
import { profitPercentage } from "./profit-percentage";

const LIST_PATH = "/stock/item";

interface Values {
  name: string;
  code: string;
  barcode: string;
  item_type: number;
  is_active: boolean;
  min_quantity: string;
  per_packet_quantity: string;
  measurement: RowKey | null;
  packet_measurement: RowKey | null;
  item_group: RowKey | null;
  item_subgroup: RowKey | null;
  purchase_price: string;
  sale_price: string;
  expire_date: string;
  batch_number: string;
  /** Media key of a newly uploaded image; undefined keeps the stored one. */
  image?: string | null;
  /** Preview URL (not sent). */
  image_url: string | null;
}

interface ItemRecord {
  name: string;
  code: string | null;
  barcode: string | null;
  image: string | null;
  item_type: number;
  is_active: boolean;
  min_quantity: string | null;
  per_packet_quantity: string | null;
  measurement: unknown;
  packet_measurement: unknown;
  item_group: unknown;
  item_subgroup: unknown;
  purchase_price: string | null;
  sale_price: string | null;
  expire_date: string | null;
  batch_number: string | null;
}

const fromRecord = (r: ItemRecord): Values => ({
  name: r.name,
  code: r.code ?? "",
  barcode: r.barcode ?? "",
  item_type: r.item_type ?? ITEM_TYPES.GOODS,
  is_active: r.is_active ?? true,
  min_quantity: r.min_quantity ?? "",
  per_packet_quantity: r.per_packet_quantity ?? "",
  measurement: refId(r.measurement),
  packet_measurement: refId(r.packet_measurement),
  item_group: refId(r.item_group),
  item_subgroup: refId(r.item_subgroup),
  purchase_price: r.purchase_price ?? "",
  sale_price: r.sale_price ?? "",
  expire_date: (r.expire_date ?? "").slice(0, 10),
  batch_number: r.batch_number ?? "",
  image_url: r.image,
});

const orNull = (text: string) => (text.trim() === "" ? null : text.trim());

function toBody(v: Values): object {
  const profit = profitPercentage(v.purchase_price, v.sale_price);
  return {
    name: v.name.trim(),
    code: orNull(v.code),
    barcode: orNull(v.barcode),
    item_type: v.item_type,
    is_active: v.is_active,
    min_quantity: orNull(v.min_quantity),
    per_packet_quantity: orNull(v.per_packet_quantity),
    measurement: v.measurement,
    packet_measurement: v.packet_measurement,
    item_group: v.item_group,
    item_subgroup: v.item_subgroup,
    purchase_price: v.purchase_price.trim(),
    sale_price: v.sale_price.trim(),
    // The core schema takes a non-negative percentage: a loss is sent as no percentage.
    profit_percentage: profit === "" || isNegative(profit) ? null : profit,
    expire_date: orNull(v.expire_date),
    batch_number: orNull(v.batch_number),
    ...(v.image !== undefined ? { image: v.image } : {}),
  };
}

const INITIAL: Values = {
  name: "",
  code: "",
  barcode: "",
  item_type: ITEM_TYPES.GOODS,
  is_active: true,
  min_quantity: "",
  per_packet_quantity: "",
  measurement: null,
  packet_measurement: null,
  item_group: null,
  item_subgroup: null,
  purchase_price: "",
  sale_price: "",
  expire_date: "",
  batch_number: "",
  image_url: null,
};

export default function ItemForm() {
  const { t } = useLingui();
  const form = useRecordForm<Values, ItemRecord>({
    resource: "item",
    listPath: LIST_PATH,
    schema: itemSchema,
    initialValues: INITIAL,
    fromRecord,
    toBody,
  });
  return (
    <FormScreen title={form.isEdit ? t`Edit Item` : t`Add Item`} listPath={LIST_PATH} model="item" columns={3} {...form}>
      <TextField name="name" label={t`Name`} required />
      <TextField name="code" label={t`Code`} />
      <TextField name="barcode" label={t`Barcode`} />
      <ItemTypeField />
      <GroupFields />
      <MeasurementField name="measurement" label={t`Measurement`} />
      <NumberFormField name="min_quantity" label={t`Min Quantity`} min={0} />
      <NumberFormField name="per_packet_quantity" label={t`Per Packet Quantity`} min={0} />
      <MeasurementField name="packet_measurement" label={t`Packet Measurement`} />
      <NumberFormField name="purchase_price" label={t`Purchase Price`} required min={0} currency hideStepper />
      <NumberFormField name="sale_price" label={t`Sale Price`} required min={0} currency hideStepper />
      <ProfitField />
      <DateField name="expire_date" label={t`Expire Date`} />
      <TextField name="batch_number" label={t`Batch Number`} />
      <CheckboxField name="is_active" label={t`Active`} />
      <ImageField />
    </FormScreen>
  );
}

function ItemTypeField() {
  const { t } = useLingui();
  const labels = useItemTypeLabels();
  const field = useFormField<number>("item_type");
  return (
    <Field.Root invalid={field.invalid} required ids={{ control: "item_type" }}>
      <Field.Label>
        {t`Item Type`}
        <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field name="item_type" value={field.value} onChange={(e) => field.setValue(Number(e.target.value))}>
          {ITEM_TYPE_IDS.map((id) => (
            <option key={id} value={id}>
              {labels[id]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.ErrorText>{field.errorText}</Field.ErrorText>
    </Field.Root>
  );
}

function GroupFields() {
  const group = useFormField<RowKey | null>("item_group");
  const subgroup = useFormField<RowKey | null>("item_subgroup");
  return (
    <>
      <ItemGroupSelect
        name="item_group"
        value={group.value}
        onChange={(value) => {
          // A subgroup belongs to one group: changing the group clears it.
          if (value !== group.value) subgroup.setValue(null);
          group.setValue(value);
        }}
        invalid={group.invalid}
        errorText={group.errorText}
        allowCreate
      />
      <ItemSubgroupSelect
        name="item_subgroup"
        group={group.value}
        value={subgroup.value}
        onChange={subgroup.setValue}
        invalid={subgroup.invalid}
        errorText={subgroup.errorText}
        allowCreate
      />
    </>
  );
}

function MeasurementField({ name, label }: { name: string; label: string }) {
  const field = useFormField<RowKey | null>(name);
  return (
    <MeasurementSelect
      name={name}
      label={label}
      value={field.value}
      onChange={field.setValue}
      invalid={field.invalid}
      errorText={field.errorText}
    />
  );
}

function ProfitField() {
  const { t } = useLingui();
  const { values } = useFormikContext<Values>();
  const profit = profitPercentage(values.purchase_price, values.sale_price);
  return (
    <Field.Root readOnly>
      <Field.Label>{t`Profit %`}</Field.Label>
      <Input value={profit} readOnly tabIndex={-1} aria-label={t`Profit %`} />
    </Field.Root>
  );
}

function ImageField() {
  const { t } = useLingui();
  const { values, setFieldValue } = useFormikContext<Values>();
  return (
    <Field.Root>
      <Field.Label>{t`Image`}</Field.Label>
      <ImageUploader
        imagesOnly
        url={values.image_url}
        onChange={(media) => {
          void setFieldValue("image", media ? media.id : null);
          void setFieldValue("image_url", media ? media.url : null);
        }}
      />
    </Field.Root>
  );
}
