import { sql } from "drizzle-orm";
import {
  IMPORT_COLUMNS,
  isOpeningImportKind,
  readRows,
  type CellValue,
  type ImportAnswer,
  type ImportError,
  type ImportKind,
  type ReadRow,
  type RowOutcome,
} from "../../../core/import-columns";
import { interpolate, MESSAGES } from "../../../core/messages";
import type { Db, Executor, Tx } from "../../db/client";
import type { AuthContext } from "../../http/access";
import { HttpError } from "../../http/errors";
import { recordAudit } from "../audit/audit.service";
import { internalBarcode } from "../stock/item.resource";
import * as repo from "./import.repository";
import { planOpening } from "./opening-import";
import { nameKey, type ExistingCustomer, type ExistingItem, type ExistingSupplier } from "./import.repository";

/** The errors an answer lists; the counts cover them all. */
const MAX_LISTED_ERRORS = 1000;

export interface Plan {
  outcomes: RowOutcome[];
  errors: ImportError[];
  toCreate: ImportAnswer["to_create"];
  /**
   * The preview writes the plan too, in a transaction it rolls back: the rules live in the service the
   * plan writes through (opening balances), so only writing tells what it refuses.
   */
  rehearse?: boolean;
  /** Writes the plan; `progress` hears the rows written so far. A refusal of a row is added to `errors`. */
  apply(tx: Tx, userId: number, progress: (rows: number) => void): Promise<void>;
}

const text = (values: Record<string, CellValue>, field: string) => values[field] as string | null | undefined;
const has = (values: Record<string, CellValue>, field: string) => values[field] !== undefined && values[field] !== null;

/** Names a file refers to and the ones that exist: a name not there is created (once, spelt as first met). */
class NameBook {
  readonly ids = new Map<string, number>();
  readonly missing = new Map<string, string>();
  constructor(rows: repo.NamedRow[]) {
    for (const row of rows) if (!this.ids.has(nameKey(row.name))) this.ids.set(nameKey(row.name), row.id);
  }
  note(name: string | null | undefined) {
    if (name && !this.ids.has(nameKey(name)) && !this.missing.has(nameKey(name))) this.missing.set(nameKey(name), name);
  }
  async create(tx: Tx, table: "item_group" | "measurement" | "city", userId: number) {
    for (const [key, id] of await repo.createNamed(tx, table, [...this.missing.values()], userId)) this.ids.set(key, id);
  }
  /** The id of a name; before the missing ones are created, -1 for them, so a row naming one is an update. */
  idOf(name: string | null | undefined) {
    if (!name) return null;
    return this.ids.get(nameKey(name)) ?? (this.missing.has(nameKey(name)) ? -1 : null);
  }
}

/** Marks a key met twice in the file (a barcode, a code, a name) as the later row's error. */
class SeenOnce {
  private first = new Map<string, number>();
  check(key: string | null | undefined, row: number, column: string, errors: ImportError[]): boolean {
    if (!key) return true;
    const earlier = this.first.get(key);
    if (earlier === undefined) {
      this.first.set(key, row);
      return true;
    }
    errors.push({ row, column, message: interpolate(MESSAGES.importListedTwice, { row: earlier }) });
    return false;
  }
}

const sameItem = (a: ExistingItem, b: ExistingItem) =>
  (Object.keys(a) as (keyof ExistingItem)[]).every((key) => String(a[key]) === String(b[key]));

async function planItems(ex: Executor, rows: ReadRow[], errors: ImportError[]): Promise<Plan> {
  const codes = new Set<string>();
  const barcodes = new Set<string>();
  const names = new Set<string>();
  for (const { values } of rows) {
    const code = text(values, "code");
    const barcode = text(values, "barcode");
    if (code) codes.add(code);
    if (barcode) barcodes.add(barcode);
    if (!code && !barcode && text(values, "name")) names.add(nameKey(text(values, "name")!));
  }
  const [existing, groups, measurements, subgroups] = await Promise.all([
    repo.itemsMatching(ex, [...codes], [...barcodes], [...names]),
    repo.liveNames(ex, "item_group"),
    repo.liveNames(ex, "measurement"),
    repo.liveSubgroups(ex),
  ]);
  const byCode = new Map<string, ExistingItem>();
  const byBarcode = new Map<string, ExistingItem>();
  const byName = new Map<string, ExistingItem>();
  for (const found of existing) {
    if (found.code && !byCode.has(found.code)) byCode.set(found.code, found);
    byBarcode.set(found.barcode, found);
    if (!byName.has(nameKey(found.name))) byName.set(nameKey(found.name), found);
  }
  const groupBook = new NameBook(groups);
  const measurementBook = new NameBook(measurements);
  const subgroupIds = new Map(subgroups.map((s) => [`${s.item_group_id}/${nameKey(s.name)}`, s.id]));
  const groupNameOf = new Map(groups.map((g) => [g.id, g.name]));
  const missingSubgroups = new Map<string, { group: string; name: string }>();
  const seenBarcode = new SeenOnce();
  const seenCode = new SeenOnce();
  const outcomes: RowOutcome[] = [];
  const erroredRows = new Set(errors.map((e) => e.row));
  type Pending = { values: Record<string, CellValue>; before: ExistingItem | null };
  const pending: Pending[] = [];
  const matched = new Map<number, number>();

  for (const { row, values } of rows) {
    const code = text(values, "code") ?? null;
    const barcode = text(values, "barcode") ?? null;
    let ok = !erroredRows.has(row);
    ok = seenCode.check(code, row, "code", errors) && ok;
    const barcodeOnce = seenBarcode.check(barcode, row, "barcode", errors);
    ok = barcodeOnce && ok;
    const byItsCode = code ? byCode.get(code) : undefined;
    const byItsBarcode = barcode ? byBarcode.get(barcode) : undefined;
    const before = byItsCode ?? byItsBarcode ?? (!code && !barcode ? byName.get(nameKey(text(values, "name") ?? "")) : undefined) ?? null;
    if (before && byItsBarcode && byItsBarcode.id !== before.id && barcodeOnce) {
      errors.push({ row, column: "barcode", message: MESSAGES.barcodeExists });
      ok = false;
    } else if (before && matched.has(before.id)) {
      // Two rows (one by its code, one by its barcode) would both write one item.
      errors.push({
        row,
        column: code ? "code" : "barcode",
        message: interpolate(MESSAGES.importListedTwice, { row: matched.get(before.id)! }),
      });
      ok = false;
    }
    if (before && ok) matched.set(before.id, row);
    const groupName = text(values, "item_group");
    const subgroupName = text(values, "item_subgroup");
    if (subgroupName && !groupName && !before?.item_group_id) {
      errors.push({ row, column: "item_group", message: MESSAGES.required });
      ok = false;
    }
    if (!ok) {
      outcomes.push("error");
      continue;
    }
    groupBook.note(groupName);
    measurementBook.note(text(values, "measurement"));
    if (subgroupName) {
      const group = groupName ?? groupNameOf.get(before!.item_group_id!) ?? "";
      const groupId = groupBook.idOf(group);
      if (groupId === null || !subgroupIds.has(`${groupId}/${nameKey(subgroupName)}`)) {
        missingSubgroups.set(`${nameKey(group)}/${nameKey(subgroupName)}`, { group, name: subgroupName });
      }
    }
    pending.push({ values, before });
    // New, or an update unless every field it names is already so (worked out against the ids below).
    outcomes.push(before ? "unchanged" : "new");
  }

  /** The item a row makes of what it names: an empty cell leaves the field as it was (or its default). */
  const target = (values: Record<string, CellValue>, before: ExistingItem | null, id: number): ExistingItem => {
    const pick = <T>(field: string, old: T, fallback: T, map: (value: CellValue) => T = (v) => v as T): T =>
      has(values, field) ? map(values[field]) : before ? old : fallback;
    const groupId = pick("item_group", before?.item_group_id ?? null, null, (v) => groupBook.idOf(v as string));
    const subgroupName = text(values, "item_subgroup");
    return {
      id,
      code: pick("code", before?.code ?? "", ""),
      barcode: pick("barcode", before?.barcode ?? "", internalBarcode(id)),
      name: text(values, "name")!,
      item_group_id: groupId,
      item_subgroup_id: subgroupName
        ? (subgroupIds.get(`${groupId}/${nameKey(subgroupName)}`) ?? null)
        : has(values, "item_group") && groupId !== before?.item_group_id
          ? null
          : (before?.item_subgroup_id ?? null),
      measurement_id: pick("measurement", before?.measurement_id ?? null, null, (v) => measurementBook.idOf(v as string)),
      item_type: pick("item_type", before?.item_type ?? 1, 1),
      purchase_price: pick("purchase_price", before?.purchase_price ?? "0.00", "0.00"),
      sale_price: pick("sale_price", before?.sale_price ?? "0.00", "0.00"),
      min_quantity: pick("min_quantity", before?.min_quantity ?? "0.000", "0.000"),
      is_active: pick("is_active", before?.is_active ?? true, true),
    };
  };

  // Rows that would change nothing are told apart now: a name not yet created always changes the row.
  let index = 0;
  for (let i = 0; i < outcomes.length; i += 1) {
    if (outcomes[i] === "error" || outcomes[i] === "new") {
      if (outcomes[i] === "new") index += 1;
      continue;
    }
    const { values, before } = pending[index++];
    if (!sameItem(target(values, before, before!.id), before!)) outcomes[i] = "update";
  }

  return {
    outcomes,
    errors,
    toCreate: {
      item_group: [...groupBook.missing.values()],
      item_subgroup: [...missingSubgroups.values()].map((s) => `${s.group} / ${s.name}`),
      measurement: [...measurementBook.missing.values()],
      city: [],
    },
    async apply(tx, userId, progress) {
      await groupBook.create(tx, "item_group", userId);
      await measurementBook.create(tx, "measurement", userId);
      const created = await repo.createSubgroups(
        tx,
        [...missingSubgroups.values()].map((s) => ({ name: s.name, itemGroupId: groupBook.idOf(s.group)! })),
        userId,
      );
      for (const s of created) subgroupIds.set(`${s.item_group_id}/${nameKey(s.name)}`, s.id);
      const fresh = pending.filter((p) => !p.before);
      const ids = fresh.length ? await repo.nextItemIds(tx, fresh.length) : [];
      const inserts = fresh.map(({ values }, i) => {
        const row = target(values, null, ids[i].id);
        return {
          id: row.id,
          code: row.code,
          barcode: row.barcode,
          name: row.name,
          itemGroupId: row.item_group_id,
          itemSubgroupId: row.item_subgroup_id,
          measurementId: row.measurement_id,
          itemType: row.item_type,
          purchasePrice: row.purchase_price,
          salePrice: row.sale_price,
          minQuantity: row.min_quantity,
          isActive: row.is_active,
          createdBy: userId,
        };
      });
      const changed = pending
        .filter((p) => p.before)
        .map(({ values, before }) => ({ row: target(values, before, before!.id), before: before! }))
        .filter(({ row, before }) => !sameItem(row, before))
        .map(({ row }) => row);
      for (let i = 0; i < inserts.length; i += BATCH) {
        await repo.insertItems(tx, inserts.slice(i, i + BATCH));
        progress(Math.min(i + BATCH, inserts.length));
      }
      for (let i = 0; i < changed.length; i += BATCH) {
        await repo.updateItems(tx, changed.slice(i, i + BATCH));
        progress(inserts.length + Math.min(i + BATCH, changed.length));
      }
    },
  };
}

const BATCH = 2000;

async function planCustomers(ex: Executor, rows: ReadRow[], errors: ImportError[], auth: AuthContext): Promise<Plan> {
  const names = [...new Set(rows.map(({ values }) => nameKey(text(values, "name") ?? "")).filter(Boolean))];
  const [existing, cities, branches] = await Promise.all([
    repo.customersMatching(ex, auth.branchIds, names),
    repo.liveNames(ex, "city"),
    repo.branchesOf(ex, auth.branchIds),
  ]);
  const branchByName = new Map(branches.map((b) => [nameKey(b.name), b.id]));
  const found = new Map(existing.map((c) => [`${c.branch_id}/${nameKey(c.name)}`, c]));
  const cityBook = new NameBook(cities);
  const seen = new SeenOnce();
  const erroredRows = new Set(errors.map((e) => e.row));
  const outcomes: RowOutcome[] = [];
  const pending: { values: Record<string, CellValue>; branchId: number; before: ExistingCustomer | null }[] = [];
  for (const { row, values } of rows) {
    const branchName = text(values, "branch");
    const branchId = branchName ? branchByName.get(nameKey(branchName)) : branches[0]?.id;
    let ok = !erroredRows.has(row);
    if (branchId === undefined) {
      errors.push({ row, column: "branch", message: MESSAGES.invalidChoice });
      ok = false;
    }
    const key = `${branchId}/${nameKey(text(values, "name") ?? "")}`;
    ok = seen.check(text(values, "name") ? key : null, row, "name", errors) && ok;
    if (!ok) {
      outcomes.push("error");
      continue;
    }
    cityBook.note(text(values, "city"));
    const before = found.get(key) ?? null;
    pending.push({ values, branchId: branchId!, before });
    outcomes.push(before ? "unchanged" : "new");
  }
  const target = ({ values, branchId, before }: (typeof pending)[number], id: number): ExistingCustomer => ({
    id,
    name: text(values, "name")!,
    phone: has(values, "phone") ? text(values, "phone")! : (before?.phone ?? ""),
    address: has(values, "address") ? text(values, "address")! : (before?.address ?? ""),
    city_id: has(values, "city") ? cityBook.idOf(text(values, "city")) : (before?.city_id ?? null),
    branch_id: branchId,
    credit_limit: has(values, "credit_limit") ? text(values, "credit_limit")! : (before?.credit_limit ?? null),
  });
  const same = (a: ExistingCustomer, b: ExistingCustomer) => (Object.keys(a) as (keyof ExistingCustomer)[]).every((k) => a[k] === b[k]);
  let index = 0;
  for (let i = 0; i < outcomes.length; i += 1) {
    if (outcomes[i] === "error") continue;
    const p = pending[index++];
    if (p.before && !same(target(p, p.before.id), p.before)) outcomes[i] = "update";
  }
  return {
    outcomes,
    errors,
    toCreate: { item_group: [], item_subgroup: [], measurement: [], city: [...cityBook.missing.values()] },
    async apply(tx, userId, progress) {
      await cityBook.create(tx, "city", userId);
      const inserts = pending
        .filter((p) => !p.before)
        .map((p) => {
          const row = target(p, 0);
          return {
            name: row.name,
            phone: row.phone,
            address: row.address,
            cityId: row.city_id,
            branchId: row.branch_id,
            creditLimit: row.credit_limit,
            createdBy: userId,
          };
        });
      const changedOnly = pending.filter((p) => p.before && !same(target(p, p.before.id), p.before)).map((p) => target(p, p.before!.id));
      for (let i = 0; i < inserts.length; i += BATCH) {
        await repo.insertCustomers(tx, inserts.slice(i, i + BATCH));
        progress(Math.min(i + BATCH, inserts.length));
      }
      for (let i = 0; i < changedOnly.length; i += BATCH) await repo.updateCustomers(tx, changedOnly.slice(i, i + BATCH));
    },
  };
}

async function planSuppliers(ex: Executor, rows: ReadRow[], errors: ImportError[], auth: AuthContext): Promise<Plan> {
  const names = [...new Set(rows.map(({ values }) => nameKey(text(values, "name") ?? "")).filter(Boolean))];
  const [existing, branches] = await Promise.all([repo.suppliersMatching(ex, names), repo.branchesOf(ex, auth.branchIds)]);
  const branchByName = new Map(branches.map((b) => [nameKey(b.name), b.id]));
  const found = new Map(existing.map((s) => [nameKey(s.name), s]));
  const seen = new SeenOnce();
  const erroredRows = new Set(errors.map((e) => e.row));
  const outcomes: RowOutcome[] = [];
  const pending: { values: Record<string, CellValue>; branchIds: number[] | null; before: ExistingSupplier | null }[] = [];
  for (const { row, values } of rows) {
    let ok = !erroredRows.has(row);
    const listed = values.branches as string[] | null | undefined;
    const branchIds = listed?.length ? listed.map((name) => branchByName.get(nameKey(name))) : null;
    if (branchIds?.includes(undefined)) {
      errors.push({ row, column: "branches", message: MESSAGES.invalidChoice });
      ok = false;
    }
    ok = seen.check(nameKey(text(values, "name") ?? ""), row, "name", errors) && ok;
    if (!ok) {
      outcomes.push("error");
      continue;
    }
    const before = found.get(nameKey(text(values, "name")!)) ?? null;
    pending.push({ values, branchIds: branchIds as number[] | null, before });
    outcomes.push(before ? "unchanged" : "new");
  }
  // The links among the user's branches: the file's, else (a new supplier) all the user's, else as they were.
  const visible = branches.map((b) => b.id);
  const target = ({ values, branchIds, before }: (typeof pending)[number], id: number): ExistingSupplier => ({
    id,
    name: text(values, "name")!,
    phone: has(values, "phone") ? text(values, "phone")! : (before?.phone ?? ""),
    address: has(values, "address") ? text(values, "address")! : (before?.address ?? ""),
    branch_ids: [
      ...new Set([
        ...(before?.branch_ids ?? []).filter((b) => !visible.includes(b)),
        ...(branchIds ?? (before ? before.branch_ids : visible)),
      ]),
    ].sort((a, b) => a - b),
  });
  const same = (a: ExistingSupplier, b: ExistingSupplier) =>
    a.name === b.name && a.phone === b.phone && a.address === b.address && a.branch_ids.join() === b.branch_ids.join();
  let index = 0;
  for (let i = 0; i < outcomes.length; i += 1) {
    if (outcomes[i] === "error") continue;
    const p = pending[index++];
    if (p.before && !same(target(p, p.before.id), p.before)) outcomes[i] = "update";
  }
  return {
    outcomes,
    errors,
    toCreate: { item_group: [], item_subgroup: [], measurement: [], city: [] },
    async apply(tx, userId, progress) {
      const fresh = pending.filter((p) => !p.before).map((p) => target(p, 0));
      const links: { supplierId: number; branchIds: number[] }[] = [];
      for (let i = 0; i < fresh.length; i += BATCH) {
        const chunk = fresh.slice(i, i + BATCH);
        const ids = await repo.insertSuppliers(
          tx,
          chunk.map((s) => ({ name: s.name, phone: s.phone, address: s.address, createdBy: userId })),
        );
        ids.forEach(({ id }, j) => links.push({ supplierId: id, branchIds: chunk[j].branch_ids.filter((b) => visible.includes(b)) }));
        progress(i + chunk.length);
      }
      const changed = pending
        .filter((p) => p.before)
        .map((p) => ({ row: target(p, p.before!.id), before: p.before! }))
        .filter(({ row, before }) => !same(row, before));
      for (let i = 0; i < changed.length; i += BATCH)
        await repo.updateSuppliers(
          tx,
          changed.slice(i, i + BATCH).map((c) => c.row),
        );
      for (const { row } of changed) links.push({ supplierId: row.id, branchIds: row.branch_ids.filter((b) => visible.includes(b)) });
      await repo.setSupplierBranches(tx, links, visible);
    },
  };
}

function plan(kind: ImportKind, ex: Executor, rows: ReadRow[], errors: ImportError[], auth: AuthContext): Promise<Plan> {
  if (kind === "item") return planItems(ex, rows, errors);
  if (kind === "customer") return planCustomers(ex, rows, errors, auth);
  if (kind === "supplier") return planSuppliers(ex, rows, errors, auth);
  return planOpening(kind, ex, rows, errors, auth);
}

function answer(kind: ImportKind, fileName: string, rows: ReadRow[], planned: Plan, saved: boolean): ImportAnswer {
  const count = (outcome: RowOutcome) => planned.outcomes.filter((o) => o === outcome).length;
  const errors = [...planned.errors].sort((a, b) => a.row - b.row || columnOrder(kind, a.column) - columnOrder(kind, b.column));
  return {
    kind,
    file_name: fileName,
    rows: rows.length,
    new: count("new"),
    updated: count("update"),
    unchanged: count("unchanged"),
    errors: errors.slice(0, MAX_LISTED_ERRORS),
    outcomes: rows.map(({ row }, i) => ({ row, outcome: planned.outcomes[i] })),
    to_create: planned.toCreate,
    saved,
  };
}

const columnOrder = (kind: ImportKind, field: string) => IMPORT_COLUMNS[kind].findIndex((c) => c.field === field);

/** What the file would do, nothing saved. */
export async function previewImport(
  db: Db,
  kind: ImportKind,
  table: string[][],
  fileName: string,
  auth: AuthContext,
): Promise<ImportAnswer> {
  const { rows, errors } = readRows(kind, table);
  const planned = await plan(kind, db, rows, errors, auth);
  if (planned.rehearse && planned.errors.length === 0) {
    await db
      .transaction(async (tx) => {
        await planned.apply(tx, auth.userId, () => undefined);
        throw ROLLBACK;
      })
      .catch((error: unknown) => {
        if (error !== ROLLBACK) throw error;
      });
  }
  return answer(kind, fileName, rows, planned, false);
}

/** Ends a rehearsal's transaction, undoing what it wrote. */
const ROLLBACK = new Error("rehearsal rolled back");

/** Both opening kinds write one document per branch: they take turns. */
const lockKey = (kind: ImportKind) => (isOpeningImportKind(kind) ? "import:opening" : `import:${kind}`);

/**
 * Imports the file in one transaction, planned again inside it (the records may have changed since
 * the preview); any error and nothing is saved: a 400 with the same answer. The import is audited
 * with its file name and counts (and each record it writes by the tables' own trigger).
 */
export async function runImport(
  db: Db,
  kind: ImportKind,
  table: string[][],
  fileName: string,
  auth: AuthContext,
  progress: (done: number, total: number) => void = () => undefined,
): Promise<ImportAnswer> {
  const { rows, errors } = readRows(kind, table);
  return db.transaction(async (tx) => {
    // Two imports of one kind at once would each create what the other is creating.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${lockKey(kind)}))`);
    const planned = await plan(kind, tx, rows, errors, auth);
    if (planned.errors.length > 0) {
      throw new HttpError(400, { ...answer(kind, fileName, rows, planned, false), message: MESSAGES.importHasErrors });
    }
    const writing = planned.outcomes.filter((o) => o === "new" || o === "update").length;
    progress(0, writing);
    await planned.apply(tx, auth.userId, (done) => progress(done, writing));
    if (planned.errors.length > 0) {
      throw new HttpError(400, { ...answer(kind, fileName, rows, planned, false), message: MESSAGES.importHasErrors });
    }
    const result = answer(kind, fileName, rows, planned, true);
    await recordAudit(tx, {
      recordType: "import",
      action: "import",
      changes: { kind, file_name: fileName, rows: result.rows, new: result.new, updated: result.updated, unchanged: result.unchanged },
    });
    return result;
  });
}
