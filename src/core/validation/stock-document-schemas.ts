/** Bodies of the stock documents: damaged stock types, inventory stock transfers, damaged stock (SPEC sections 2-5). */
import { array, object, type InferType } from "yup";
import { MESSAGES } from "../messages";
import { decimalField, isoDateField, namedRecordSchema, optionalText, requiredId } from "./common";
import { installYupLocale } from "./yup-locale";

installYupLocale();

export const NOTE_MAX_LENGTH = 1000;
/** A generous cap on lines per document, so one request cannot lock the whole stock table. */
export const MAX_DOCUMENT_LINES = 500;

export const damagedStockTypeSchema = namedRecordSchema;
export type DamagedStockTypeInput = InferType<typeof damagedStockTypeSchema>;

/** One line: a stock row and how much of it (SPEC: stock selection needs quantity above 0). */
export const stockLineSchema = object({
  stock: requiredId(),
  quantity: decimalField({ decimals: 3, sign: "positive" }).required(),
});
export type StockLineInput = InferType<typeof stockLineSchema>;

/** The lines of a document; a stock row appears once ("Item already in the list"). */
const stockLines = () =>
  array()
    .of(stockLineSchema)
    .required()
    .min(1)
    .max(MAX_DOCUMENT_LINES)
    .test("unique-stock", MESSAGES.itemAlreadyInList, (lines) => {
      if (!lines) return true;
      const ids = lines.map((l) => l?.stock);
      return new Set(ids).size === ids.length;
    });

export const inventoryStockTransferSchema = object({
  branch: requiredId(),
  from_inventory: requiredId(),
  to_inventory: requiredId().test("different", MESSAGES.inventoriesMustDiffer, function different(value) {
    const from = (this.parent as { from_inventory?: unknown }).from_inventory;
    return value === undefined || from === undefined || value !== from;
  }),
  input_date: isoDateField().nullable(),
  note: optionalText(NOTE_MAX_LENGTH),
  items: stockLines(),
});
export type InventoryStockTransferInput = InferType<typeof inventoryStockTransferSchema>;

export const damagedStockSchema = object({
  inventory: requiredId(),
  damaged_stock_type: requiredId(),
  input_date: isoDateField().nullable(),
  note: optionalText(NOTE_MAX_LENGTH),
  items: stockLines(),
});
export type DamagedStockInput = InferType<typeof damagedStockSchema>;
