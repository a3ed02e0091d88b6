import { ValidationError } from "yup";
import { toIsoDate } from "../../../core/dates";
import type { CellValue, ImportError, OpeningImportKind, OpeningLineKind, ReadRow, RowOutcome } from "../../../core/import-columns";
import { interpolate, MESSAGES } from "../../../core/messages";
import { equals } from "../../../core/money";
import { hasAnyPermission } from "../../../core/permissions";
import type { Executor, Tx } from "../../db/client";
import type { AuthContext } from "../../http/access";
import { HttpError, validationErrorBody } from "../../http/errors";
import { readOpeningBalance } from "../accounting/opening-balance.routes";
import { createOpeningBalanceTx, updateOpeningBalanceTx } from "../accounting/opening-balance.service";
import { batchTrackingOn } from "../purchase/purchase.repository";
import { branchesOf, nameKey } from "./import.repository";
import type { Plan } from "./import.service";
import * as repo from "./opening-import.repository";

/**
 * Opening stock and opening balances from a file, written through the opening balance document of
 * each branch (its service: the same checks, stock movements and ledger posting as the form).
 *
 * A branch's import ADDS TO its document, line by line: a file's line replaces the document's line of
 * the same key (stock: inventory, item and batch; a cashbox; a party in a currency) and any other line
 * stays. So the same file again finds every line as it is (unchanged, nothing written), a corrected
 * quantity or amount moves the stock or money by the difference only, and opening stock and opening
 * balances can come in separate files. A branch without a document gets one dated today.
 */

type StockLine = { inventory: number; item: number; batch_number: string; expire_date: string | null; quantity: string; cost: string };
type CashLine = { cashbox: number; amount: string };
type CustomerLine = { customer: number; currency: number; amount: string };
type SupplierLine = { supplier: number; currency: number; amount: string };

/** A section's lines and, beside each, the file row it came from (null: the document's own line). */
interface Section<Line> {
  lines: Line[];
  rows: (number | null)[];
  index: Map<string, number>;
}

interface BranchDocument {
  branchId: number;
  documentId: number | null;
  inputDate: string;
  note: string;
  stock: Section<StockLine>;
  cashboxes: Section<CashLine>;
  customers: Section<CustomerLine>;
  suppliers: Section<SupplierLine>;
  fileRows: number[];
  /** The file's rows that add or change a line (the progress counts them). */
  writes: number;
  changed: boolean;
}

type SectionName = "stock" | "cashboxes" | "customers" | "suppliers";

/** The file column a refusal of the service's body names (`stock[3].item` is the row's item). */
const COLUMN_OF: Record<SectionName, Record<string, string>> = {
  stock: {
    inventory: "inventory",
    item: "item",
    batch_number: "batch_number",
    expire_date: "expire_date",
    quantity: "quantity",
    cost: "cost",
  },
  cashboxes: { cashbox: "name", amount: "amount" },
  customers: { customer: "name", currency: "currency", amount: "amount" },
  suppliers: { supplier: "name", currency: "currency", amount: "amount" },
};

const text = (values: Record<string, CellValue>, field: string) => (values[field] as string | null | undefined) ?? null;

function section<Line>(lines: Line[], keyOf: (line: Line) => string): Section<Line> {
  return { lines: [...lines], rows: lines.map(() => null), index: new Map(lines.map((line, i) => [keyOf(line), i])) };
}

/** Puts the file's line in place of the document's line of its key (or after the rest): its outcome. */
function merge<Line>(into: Section<Line>, key: string, line: Line, row: number, same: (a: Line, b: Line) => boolean): RowOutcome {
  const at = into.index.get(key);
  if (at === undefined) {
    into.index.set(key, into.lines.length);
    into.lines.push(line);
    into.rows.push(row);
    return "new";
  }
  const before = into.lines[at];
  into.lines[at] = line;
  into.rows[at] = row;
  return same(before, line) ? "unchanged" : "update";
}

const stockKey = (l: StockLine) => `${l.inventory}/${l.item}/${l.batch_number}`;
const sameStock = (a: StockLine, b: StockLine) =>
  equals(a.quantity, b.quantity) && equals(a.cost, b.cost) && (a.expire_date ?? null) === (b.expire_date ?? null);
const sameAmount = (a: { amount: string }, b: { amount: string }) => equals(a.amount, b.amount);

/** The branches' documents as they stand, their lines keyed as the file's are. */
async function documentsOf(ex: Executor, auth: AuthContext, branchIds: number[]): Promise<Map<number, BranchDocument>> {
  const out = new Map<number, BranchDocument>();
  const existing = new Map((await repo.openingDocuments(ex, branchIds)).map((d) => [d.branch_id, d.id]));
  for (const branchId of branchIds) {
    const id = existing.get(branchId) ?? null;
    const doc = id === null ? null : await readOpeningBalance(ex, id, auth);
    const lines = <T>(field: string) => (doc?.[field] as T[] | undefined) ?? [];
    out.set(branchId, {
      branchId,
      documentId: id,
      inputDate: (doc?.input_date as string | undefined) ?? toIsoDate(new Date()),
      note: (doc?.note as string | undefined) ?? "",
      stock: section(
        lines<StockLine>("stock").map(({ inventory, item, batch_number, expire_date, quantity, cost }) => ({
          inventory,
          item,
          batch_number: batch_number ?? "",
          expire_date: expire_date ?? null,
          quantity,
          cost,
        })),
        stockKey,
      ),
      cashboxes: section(
        lines<CashLine>("cashboxes").map(({ cashbox, amount }) => ({ cashbox, amount })),
        (l) => String(l.cashbox),
      ),
      customers: section(
        lines<CustomerLine>("customers").map(({ customer, currency, amount }) => ({ customer, currency, amount })),
        (l) => `${l.customer}/${l.currency}`,
      ),
      suppliers: section(
        lines<SupplierLine>("suppliers").map(({ supplier, currency, amount }) => ({ supplier, currency, amount })),
        (l) => `${l.supplier}/${l.currency}`,
      ),
      fileRows: [],
      writes: 0,
      changed: false,
    });
  }
  return out;
}

/** Marks a key met twice in the file as the later row's error. */
function onceChecker(errors: ImportError[]) {
  const first = new Map<string, number>();
  return (key: string, row: number, column: string) => {
    const earlier = first.get(key);
    if (earlier === undefined) {
      first.set(key, row);
      return true;
    }
    errors.push({ row, column, message: interpolate(MESSAGES.importListedTwice, { row: earlier }) });
    return false;
  };
}

/** What each row names, found in the database: the ids, or the row's errors. */
async function lookups(ex: Executor, kind: OpeningImportKind, rows: ReadRow[], branchIds: number[]) {
  const names = (field: string, when?: (values: Record<string, CellValue>) => boolean) =>
    rows.filter(({ values }) => !when || when(values)).flatMap(({ values }) => (text(values, field) ? [text(values, field)!] : []));
  const of = (lineKind: OpeningLineKind) => (values: Record<string, CellValue>) => values.kind === lineKind;
  if (kind === "opening-stock") {
    const [inventories, items, batches] = await Promise.all([
      repo.inventoriesNamed(ex, branchIds, names("inventory")),
      repo.itemsByCodeOrBarcode(ex, names("item")),
      batchTrackingOn(ex),
    ]);
    return { inventories, items, batches, cashboxes: [], customers: [], suppliers: [], currencies: [] };
  }
  const [cashboxes, customers, suppliers, currencies] = await Promise.all([
    repo.cashboxesNamed(ex, branchIds, names("name", of("cashbox"))),
    repo.customersNamed(ex, branchIds, names("name", of("customer"))),
    repo.suppliersNamed(ex, names("name", of("supplier"))),
    repo.liveCurrencies(ex),
  ]);
  return { inventories: [], items: [], batches: false, cashboxes, customers, suppliers, currencies };
}

/** The plan of an opening stock or opening balance file; `rehearse`: its preview runs the service too. */
export async function planOpening(
  kind: OpeningImportKind,
  ex: Executor,
  rows: ReadRow[],
  errors: ImportError[],
  auth: AuthContext,
): Promise<Plan> {
  const branches = await branchesOf(ex, auth.branchIds);
  const branchByName = new Map(branches.map((b) => [nameKey(b.name), b.id]));
  const branchOf = (values: Record<string, CellValue>) => {
    const name = text(values, "branch");
    return name ? branchByName.get(nameKey(name)) : branches[0]?.id;
  };
  const used = [...new Set(rows.map(({ values }) => branchOf(values)).filter((id): id is number => id !== undefined))];
  const [found, documents] = await Promise.all([lookups(ex, kind, rows, used), documentsOf(ex, auth, used)]);
  const inFirst = <T extends { id: number }>(list: T[], key: (row: T) => string) => {
    const map = new Map<string, T>();
    for (const row of list) if (!map.has(key(row))) map.set(key(row), row);
    return map;
  };
  const inventoryByName = inFirst(found.inventories, (i) => `${i.branch_id}/${nameKey(i.name)}`);
  const itemByCode = inFirst(
    found.items.filter((i) => i.code),
    (i) => i.code,
  );
  const itemByBarcode = inFirst(found.items, (i) => i.barcode);
  const cashboxByName = inFirst(found.cashboxes, (c) => `${c.branch_id}/${nameKey(c.name)}`);
  const customerByName = inFirst(found.customers, (c) => `${c.branch_id}/${nameKey(c.name)}`);
  const supplierByName = new Map<string, (typeof found.suppliers)[number]>();
  for (const s of found.suppliers) if (!supplierByName.has(nameKey(s.name))) supplierByName.set(nameKey(s.name), s);
  const currencyByName = new Map<string, number>();
  for (const c of found.currencies) {
    currencyByName.set(nameKey(c.code), c.id);
    if (!currencyByName.has(nameKey(c.name))) currencyByName.set(nameKey(c.name), c.id);
  }
  const baseCurrency = found.currencies.find((c) => c.is_base)?.id;

  const erroredRows = new Set(errors.map((e) => e.row));
  const once = onceChecker(errors);
  const outcomes: RowOutcome[] = [];
  const mayChange = hasAnyPermission({ is_superuser: auth.isSuperuser, permissions: auth.permissions }, ["change_openingbalance"]);

  for (const { row, values } of rows) {
    const refuse = (column: string, message: string = MESSAGES.invalidChoice) => errors.push({ row, column, message });
    const branchId = branchOf(values);
    const doc = branchId === undefined ? undefined : documents.get(branchId);
    if (!doc) {
      refuse("branch");
      outcomes.push("error");
      continue;
    }
    const before = errors.length;
    let outcome: RowOutcome = "error";
    if (kind === "opening-stock") {
      const inventory = inventoryByName.get(`${doc.branchId}/${nameKey(text(values, "inventory") ?? "")}`);
      const itemKey = text(values, "item") ?? "";
      const item = itemByCode.get(itemKey) ?? itemByBarcode.get(itemKey);
      if (text(values, "inventory") && !inventory) refuse("inventory");
      if (itemKey && !item) refuse("item");
      if (inventory && item && !erroredRows.has(row)) {
        // With batches off the document keeps none (nor an expiry): the file's are read as empty too.
        const line: StockLine = {
          inventory: inventory.id,
          item: item.id,
          batch_number: found.batches ? (text(values, "batch_number") ?? "") : "",
          expire_date: found.batches ? text(values, "expire_date") : null,
          quantity: values.quantity as string,
          cost: values.cost as string,
        };
        if (once(`${doc.branchId}/${stockKey(line)}`, row, "item")) outcome = merge(doc.stock, stockKey(line), line, row, sameStock);
      }
    } else {
      const name = nameKey(text(values, "name") ?? "");
      const currencyName = text(values, "currency");
      const currency = currencyName ? currencyByName.get(nameKey(currencyName)) : baseCurrency;
      if (currencyName && currency === undefined) refuse("currency");
      const amount = values.amount as string;
      if (values.kind === "cashbox") {
        const box = cashboxByName.get(`${doc.branchId}/${name}`);
        if (name && !box) refuse("name");
        // A cashbox holds one currency: a different one named in the file is a mistake, not a conversion.
        else if (box && currency !== undefined && currencyName && currency !== box.currency_id) refuse("currency");
        if (box && errors.length === before && !erroredRows.has(row) && once(`${doc.branchId}/c/${box.id}`, row, "name"))
          outcome = merge(doc.cashboxes, String(box.id), { cashbox: box.id, amount }, row, sameAmount);
      } else if (values.kind === "customer") {
        const customer = customerByName.get(`${doc.branchId}/${name}`);
        if (name && !customer) refuse("name");
        if (customer && currency !== undefined && errors.length === before && !erroredRows.has(row)) {
          const key = `${customer.id}/${currency}`;
          if (once(`${doc.branchId}/u/${key}`, row, "name"))
            outcome = merge(doc.customers, key, { customer: customer.id, currency, amount }, row, sameAmount);
        }
      } else if (values.kind === "supplier") {
        const supplier = supplierByName.get(name);
        if (name && (!supplier || !supplier.branch_ids.includes(doc.branchId))) refuse("name");
        else if (supplier && currency !== undefined && errors.length === before && !erroredRows.has(row)) {
          const key = `${supplier.id}/${currency}`;
          if (once(`${doc.branchId}/s/${key}`, row, "name"))
            outcome = merge(doc.suppliers, key, { supplier: supplier.id, currency, amount }, row, sameAmount);
        }
      }
    }
    if (outcome !== "error" && errors.length > before) outcome = "error";
    if (outcome === "new" || outcome === "update") {
      if (doc.documentId !== null && !mayChange && !doc.changed) refuse("branch", MESSAGES.permissionDenied);
      doc.changed = true;
      doc.writes += 1;
    }
    doc.fileRows.push(row);
    outcomes.push(errors.length > before ? "error" : outcome);
  }

  const rowIndex = new Map(rows.map(({ row }, i) => [row, i]));
  /** The service's refusal of one branch's document, told as the rows (and columns) it came from. */
  const refusedBy = (doc: BranchDocument, body: Record<string, unknown>) => {
    const firstRow = doc.fileRows[0];
    for (const [key, value] of Object.entries(body)) {
      const message = Array.isArray(value) ? String(value[0]) : String(value);
      const match = /^(stock|cashboxes|customers|suppliers)\[(\d+)\]\.(\w+)$/.exec(key);
      const name = match?.[1] as SectionName | undefined;
      const row = (name && doc[name].rows[Number(match![2])]) ?? firstRow;
      const column = name ? (COLUMN_OF[name][match![3]] ?? match![3]) : "branch";
      errors.push({ row, column, message });
      if (rowIndex.has(row)) outcomes[rowIndex.get(row)!] = "error";
    }
  };

  return {
    outcomes,
    errors,
    toCreate: { item_group: [], item_subgroup: [], measurement: [], city: [] },
    rehearse: true,
    async apply(tx: Tx, _userId, progress) {
      let done = 0;
      for (const doc of documents.values()) {
        if (!doc.changed) continue;
        const body = {
          branch: doc.branchId,
          input_date: doc.inputDate,
          note: doc.note,
          stock: doc.stock.lines,
          cashboxes: doc.cashboxes.lines,
          customers: doc.customers.lines,
          suppliers: doc.suppliers.lines,
        };
        try {
          // A savepoint each: one branch refused, the others are still checked (and all rolled back).
          await tx.transaction(async (branchTx) => {
            if (doc.documentId === null) await createOpeningBalanceTx(branchTx, auth, body, null);
            else await updateOpeningBalanceTx(branchTx, auth, doc.documentId, body);
          });
        } catch (error) {
          if (error instanceof ValidationError) refusedBy(doc, validationErrorBody(error));
          else if (error instanceof HttpError && error.statusCode < 500) refusedBy(doc, error.body);
          else throw error;
        }
        done += doc.writes;
        progress(done);
      }
    },
  };
}
