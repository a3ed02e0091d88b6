/** Stock reference data bodies: measurement, item group and subgroup, city, item (SPEC section 3). */
import { boolean, number, object, type InferType } from "yup";
import { ITEM_TYPES, ITEM_TYPE_IDS, type ItemType } from "../item-types";
import {
  amountField,
  decimalField,
  isoDateField,
  nameField,
  namedRecordSchema,
  optionalId,
  optionalText,
  quantityField,
  requiredId,
} from "./common";
import { installYupLocale } from "./yup-locale";

installYupLocale();

export const measurementSchema = namedRecordSchema;
export type MeasurementInput = InferType<typeof measurementSchema>;

export const itemGroupSchema = namedRecordSchema;
export type ItemGroupInput = InferType<typeof itemGroupSchema>;

export const itemSubgroupSchema = object({ name: nameField(), item_group: requiredId() });
export type ItemSubgroupInput = InferType<typeof itemSubgroupSchema>;

export const citySchema = namedRecordSchema;
export type CityInput = InferType<typeof citySchema>;

export const itemSchema = object({
  name: nameField(),
  code: optionalText(64),
  barcode: optionalText(128),
  item_type: number<ItemType>().oneOf(ITEM_TYPE_IDS).required().default(ITEM_TYPES.GOODS),
  is_active: boolean().default(true),
  min_quantity: quantityField().nullable(),
  per_packet_quantity: quantityField().nullable(),
  measurement: optionalId(),
  packet_measurement: optionalId(),
  item_group: optionalId(),
  item_subgroup: optionalId(),
  purchase_price: amountField().required(),
  sale_price: amountField().required(),
  profit_percentage: decimalField().nullable(),
  expire_date: isoDateField().nullable(),
  batch_number: optionalText(255),
});
export type ItemInput = InferType<typeof itemSchema>;
