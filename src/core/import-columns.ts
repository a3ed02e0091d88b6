/**
 * What a spreadsheet import reads, kind by kind: its columns (the API's field names, which are the
 * English template's headers), the headers of the Arabic and Kurdish templates, and how one cell is
 * read into a field or refused with a message of messages.ts. Pure, so the server reads the file by it
 * and the settings screen shows the same columns.
 *
 * Opening stock and opening balances are kinds of their own that go through the opening balance
 * document of each branch (src/server/modules/import/opening-import.ts).
 */
import { isIsoDate } from "./dates";
import { ITEM_TYPE_LABELS, ITEM_TYPE_IDS, type ItemType } from "./item-types";
import { MESSAGES, interpolate } from "./messages";
import { numericCell } from "./spreadsheet-cell";
import { MONEY_SCALE, QUANTITY_SCALE, toDecimalString, toMoney } from "./money";

export const IMPORT_KINDS = ["item", "customer", "supplier", "opening-stock", "opening-balance"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
/** The kinds that write a branch's opening balance document rather than records of their own. */
export const OPENING_IMPORT_KINDS = ["opening-stock", "opening-balance"] as const;
export type OpeningImportKind = (typeof OPENING_IMPORT_KINDS)[number];
export const isOpeningImportKind = (kind: ImportKind): kind is OpeningImportKind =>
  (OPENING_IMPORT_KINDS as readonly string[]).includes(kind);

export const isImportKind = (value: string): value is ImportKind => (IMPORT_KINDS as readonly string[]).includes(value);

/** The permission that lets a user import a kind (the one that lets them add one such record). */
export const IMPORT_PERMISSION: Record<ImportKind, string> = {
  item: "add_item",
  customer: "add_customer",
  supplier: "add_supplier",
  "opening-stock": "add_openingbalance",
  "opening-balance": "add_openingbalance",
};

export type ImportLanguage = "en" | "ar" | "ckb";
export const IMPORT_LANGUAGES: readonly ImportLanguage[] = ["en", "ar", "ckb"];

/**
 * How a cell is read: plain text, a money amount, a quantity, an item type, yes/no, a list of names,
 * a date (YYYY-MM-DD) or what an opening balance row is (a cashbox, a customer or a supplier).
 */
export type CellType = "text" | "money" | "quantity" | "item_type" | "boolean" | "list" | "date" | "opening_line";

/** The lines an opening balance file holds, each by its English word or the Arabic or Kurdish one. */
export type OpeningLineKind = "cashbox" | "customer" | "supplier";
const OPENING_LINE_WORDS: Record<OpeningLineKind, readonly string[]> = {
  cashbox: ["cashbox", "صندوق", "قاصە"],
  customer: ["customer", "زبون", "کڕیار"],
  supplier: ["supplier", "مورد", "دابینکەر"],
};

export interface ImportColumn {
  field: string;
  type: CellType;
  required?: boolean;
  maxLength?: number;
  /** The header in Arabic and in Central Kurdish (English is the field name). */
  ar: string;
  ckb: string;
}

const text = (field: string, maxLength: number, ar: string, ckb: string, required = false): ImportColumn => ({
  field,
  type: "text",
  maxLength,
  ar,
  ckb,
  required,
});

export const IMPORT_COLUMNS: Record<ImportKind, readonly ImportColumn[]> = {
  item: [
    text("code", 64, "الرمز", "کۆد"),
    text("barcode", 128, "الباركود", "بارکۆد"),
    text("name", 255, "الاسم", "ناو", true),
    text("item_group", 255, "المجموعة", "گرووپ"),
    text("item_subgroup", 255, "المجموعة الفرعية", "گرووپی لاوەکی"),
    text("measurement", 255, "وحدة القياس", "یەکەی پێوان"),
    { field: "item_type", type: "item_type", ar: "نوع المادة", ckb: "جۆری کاڵا" },
    { field: "purchase_price", type: "money", ar: "سعر الشراء", ckb: "نرخی کڕین" },
    { field: "sale_price", type: "money", ar: "سعر البيع", ckb: "نرخی فرۆشتن" },
    { field: "min_quantity", type: "quantity", ar: "الحد الأدنى للكمية", ckb: "کەمترین بڕ" },
    { field: "is_active", type: "boolean", ar: "فعال", ckb: "چالاک" },
  ],
  // A customer belongs to one branch (by name; empty: the importing user's first branch); the credit
  // limit is in the base currency (empty: none).
  customer: [
    text("name", 255, "الاسم", "ناو", true),
    text("phone", 64, "الهاتف", "تەلەفۆن"),
    text("address", 500, "العنوان", "ناونیشان"),
    text("city", 255, "المدينة", "شار"),
    text("branch", 255, "الفرع", "لق"),
    { field: "credit_limit", type: "money", ar: "حد الائتمان", ckb: "سنووری قەرز" },
  ],
  // A supplier serves branches: their names separated by commas or semicolons (empty: the user's branches).
  supplier: [
    text("name", 255, "الاسم", "ناو", true),
    text("phone", 64, "الهاتف", "تەلەفۆن"),
    text("address", 500, "العنوان", "ناونیشان"),
    { field: "branches", type: "list", ar: "الفروع", ckb: "لقەکان" },
  ],
  // A branch's opening stock (by name; empty: the user's first branch): the inventory by name, the
  // item by its code or barcode, the unit cost in the base currency.
  "opening-stock": [
    text("branch", 255, "الفرع", "لق"),
    text("inventory", 255, "المخزن", "کۆگا", true),
    text("item", 128, "المادة (الرمز أو الباركود)", "کاڵا (کۆد یان بارکۆد)", true),
    text("batch_number", 255, "رقم الدفعة", "ژمارەی وەجبە"),
    { field: "expire_date", type: "date", ar: "تاريخ الانتهاء", ckb: "بەرواری بەسەرچوون" },
    { field: "quantity", type: "quantity", required: true, ar: "الكمية", ckb: "بڕ" },
    { field: "cost", type: "money", required: true, ar: "الكلفة", ckb: "تێچوو" },
  ],
  // A branch's opening money: the cash in a cashbox (its own currency), what a customer owes and what
  // the business owes a supplier (currency by code or name; empty: the base currency).
  "opening-balance": [
    text("branch", 255, "الفرع", "لق"),
    { field: "kind", type: "opening_line", required: true, ar: "النوع", ckb: "جۆر" },
    text("name", 255, "الاسم", "ناو", true),
    text("currency", 64, "العملة", "دراو"),
    { field: "amount", type: "money", required: true, ar: "المبلغ", ckb: "بڕی پارە" },
  ],
};

/** A template's header row in a language. */
export function templateHeaders(kind: ImportKind, language: ImportLanguage): string[] {
  return IMPORT_COLUMNS[kind].map((column) => (language === "en" ? column.field : column[language]));
}

/** A template's example row, so a user sees how each column is filled. */
export const TEMPLATE_EXAMPLE: Record<ImportKind, readonly string[]> = {
  item: ["A-100", "6260000000017", "Tea 500 g", "Food", "Drinks", "Piece", "Goods", "2.50", "3.25", "5", "yes"],
  customer: ["Karwan Ali", "07501234567", "100 Meter St.", "Erbil", "", "1000000"],
  supplier: ["Zagros Trading", "07701234567", "Industrial Area", ""],
  "opening-stock": ["", "Main store", "A-100", "B-1", "2027-12-31", "40", "2.50"],
  "opening-balance": ["", "customer", "Karwan Ali", "IQD", "150000"],
};

const normaliseHeader = (header: string) =>
  header
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase()
    .replace(/\s+/g, " ");

export type HeaderMatch = { columns: (ImportColumn | null)[]; missing: string[]; unknown: string[] };

/**
 * Which column each header of a file is, in any of the three languages (an English header also in
 * words: "Sale price"). A required column absent, or a header the kind does not have, is named.
 */
export function matchHeaders(kind: ImportKind, headers: readonly string[]): HeaderMatch {
  const byHeader = new Map<string, ImportColumn>();
  for (const column of IMPORT_COLUMNS[kind]) {
    for (const name of [column.field, column.field.replace(/_/g, " "), column.ar, column.ckb]) byHeader.set(normaliseHeader(name), column);
  }
  const seen = new Set<string>();
  const unknown: string[] = [];
  const columns = headers.map((header) => {
    const normal = normaliseHeader(header);
    if (normal === "") return null;
    const column = byHeader.get(normal);
    if (!column || seen.has(column.field)) {
      unknown.push(header);
      return null;
    }
    seen.add(column.field);
    return column;
  });
  const missing = IMPORT_COLUMNS[kind].filter((column) => column.required && !seen.has(column.field)).map((c) => c.field);
  return { columns, missing, unknown };
}

export type CellValue = string | number | boolean | string[] | null;
export type CellResult = { value: CellValue } | { error: string };

const ITEM_TYPE_BY_NAME = new Map<string, ItemType>(
  Object.entries(ITEM_TYPE_LABELS).flatMap(([id, label]) => [
    [label.toLowerCase(), Number(id) as ItemType],
    [id, Number(id) as ItemType],
  ]),
);
const YES = new Set(["yes", "true", "1", "y", "نعم", "بەڵێ"]);
const NO = new Set(["no", "false", "0", "n", "لا", "نەخێر"]);
/** numeric(18, s): at most 16 digits before the point for money, 15 for quantities. */
const LIMIT = { money: "9999999999999999.99", quantity: "999999999999999.999" };

function decimalCell(raw: string, scale: number, limit: string): CellResult {
  const number = numericCell(raw);
  if (number === null) return { error: MESSAGES.number };
  const value = toMoney(raw.replace(/,/g, "").trim());
  if (value.isNegative()) return { error: interpolate(MESSAGES.greaterThanOrEqual, { min: 0 }) };
  if (value.decimalPlaces() > scale) return { error: interpolate(MESSAGES.maxDecimals, { max: scale }) };
  if (value.greaterThan(limit)) return { error: interpolate(MESSAGES.lessThanOrEqual, { max: limit }) };
  return { value: toDecimalString(value, scale) };
}

/** One cell read into its field, or the message that refuses it. An empty cell is null (or required). */
export function readCell(column: ImportColumn, raw: string): CellResult {
  const cell = raw.trim();
  if (cell === "") return column.required ? { error: MESSAGES.required } : { value: null };
  if (cell.includes("\u0000")) return { error: MESSAGES.nulCharacter };
  switch (column.type) {
    case "text":
      if (column.maxLength && cell.length > column.maxLength) return { error: interpolate(MESSAGES.maxLength, { max: column.maxLength }) };
      return { value: cell };
    case "money":
      return decimalCell(cell, MONEY_SCALE, LIMIT.money);
    case "quantity":
      return decimalCell(cell, QUANTITY_SCALE, LIMIT.quantity);
    case "item_type": {
      const id = ITEM_TYPE_BY_NAME.get(cell.toLowerCase());
      if (id === undefined)
        return { error: interpolate(MESSAGES.oneOf, { values: ITEM_TYPE_IDS.map((i) => ITEM_TYPE_LABELS[i]).join(", ") }) };
      return { value: id };
    }
    case "boolean":
      if (YES.has(cell.toLowerCase())) return { value: true };
      if (NO.has(cell.toLowerCase())) return { value: false };
      return { error: MESSAGES.booleanType };
    case "date":
      return isIsoDate(cell) ? { value: cell } : { error: MESSAGES.date };
    case "opening_line": {
      const word = cell.toLowerCase();
      const kind = (Object.keys(OPENING_LINE_WORDS) as OpeningLineKind[]).find((k) => OPENING_LINE_WORDS[k].includes(word));
      if (kind) return { value: kind };
      return { error: interpolate(MESSAGES.oneOf, { values: Object.keys(OPENING_LINE_WORDS).join(", ") }) };
    }
    case "list": {
      const names = [...new Set(cell.split(/[,;،]/).map((name) => name.trim()))].filter(Boolean);
      if (names.some((name) => name.length > 255)) return { error: interpolate(MESSAGES.maxLength, { max: 255 }) };
      return { value: names };
    }
  }
}

/** A cell's error: the file's row (its header is row 1), the column's field name and the message. */
export interface ImportError {
  row: number;
  column: string;
  message: string;
}

export interface ReadRow {
  /** The row of the file it came from (header row 1). */
  row: number;
  values: Record<string, CellValue>;
}

/**
 * The rows of a file (header first) read by the kind's columns: each row's fields and every cell that
 * is refused. Empty rows are skipped; a header the kind lacks, or a required column absent, is an
 * error of row 1.
 */
export function readRows(kind: ImportKind, table: readonly (readonly string[])[]): { rows: ReadRow[]; errors: ImportError[] } {
  // A required column absent from the file is named once, in row 1, not in every row.
  const [headers = [], ...body] = table;
  const { columns, missing, unknown } = matchHeaders(kind, headers);
  const errors: ImportError[] = [
    ...missing.map((column) => ({ row: 1, column, message: MESSAGES.importColumnMissing })),
    ...unknown.map((column) => ({ row: 1, column, message: MESSAGES.importColumnUnknown })),
  ];
  const rows: ReadRow[] = [];
  body.forEach((cells, index) => {
    if (cells.every((cell) => cell.trim() === "")) return;
    const row = index + 2;
    const values: Record<string, CellValue> = {};
    columns.forEach((column, i) => {
      if (!column) return;
      const result = readCell(column, cells[i] ?? "");
      if ("error" in result) errors.push({ row, column: column.field, message: result.error });
      else values[column.field] = result.value;
    });
    rows.push({ row, values });
  });
  return { rows, errors };
}

/** What a row of a file does: adds a record, changes one, leaves one as it is, or cannot be imported. */
export type RowOutcome = "new" | "update" | "unchanged" | "error";

/** What a file would do (the preview) or did (the import): the contract's counts and errors, and more. */
export interface ImportAnswer {
  kind: ImportKind;
  file_name: string;
  rows: number;
  new: number;
  updated: number;
  unchanged: number;
  errors: ImportError[];
  /** Each data row's outcome, in file order (the first is the file's row 2). */
  outcomes: { row: number; outcome: RowOutcome }[];
  /** Groups, subgroups ("group / subgroup"), measurements and cities the import creates. */
  to_create: { item_group: string[]; item_subgroup: string[]; measurement: string[]; city: string[] };
  saved: boolean;
}
