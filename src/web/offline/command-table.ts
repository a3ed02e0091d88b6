import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { AnyObjectSchema, InferType } from "yup";
import {
  capitalSchema,
  cashboxAdjustmentSchema,
  cashboxCountSchema,
  customerDebitInvoiceSchema,
  moneyConversionSchema,
  supplierDebitInvoiceSchema,
} from "../../core/validation/accounting-document-schemas";
import {
  accountTypeSchema,
  cashboxSchema,
  cashboxTransferSchema,
  exchangeRateSchema,
  expenseSchema,
  incomeSchema,
  paymentSchema,
  periodLockSchema,
  receiptSchema,
  yearCloseSchema,
} from "../../core/validation/accounting-schemas";
import { changePasswordSchema, loginSchema, profileSchema } from "../../core/validation/auth-schemas";
import { openingBalanceSchema } from "../../core/validation/opening-balance-schema";
import {
  employeeContractSchema,
  employeeSchema,
  payrollSchema,
  positionSchema,
  salaryAdvanceSchema,
} from "../../core/validation/hr-schemas";
import { branchSchema, inventorySchema, printInfoSchema, settingsSchema } from "../../core/validation/organisation-schemas";
import { customerSchema, partnerSchema, supplierSchema } from "../../core/validation/partner-schemas";
import { changeSalePriceSchema, purchaseReturnSchema, purchaseSchema } from "../../core/validation/purchase-schemas";
import {
  quotationConvertSchema,
  saleExtraSchema,
  saleQuotationSchema,
  saleReturnSchema,
  saleSchema,
} from "../../core/validation/sale-schemas";
import { damagedStockSchema, damagedStockTypeSchema, inventoryStockTransferSchema } from "../../core/validation/stock-document-schemas";
import { citySchema, itemGroupSchema, itemSchema, itemSubgroupSchema, measurementSchema } from "../../core/validation/stock-schemas";
import { groupSchema, resetPasswordSchema, userCreateSchema, userUpdateSchema } from "../../core/validation/user-schemas";
import type { AuthUser, UploadedMedia } from "../../core/api-types";
import type { ImportAnswer } from "../../core/import-columns";
import type { PrintInfo, Setting } from "../lib/app-state";
import type { LocalEffect, PendingRowEffect } from "./db";
import { purchaseEffects, quotationConvertEffects, saleEffects, saleExtraEffects } from "./document-effects";
import { moneyDocumentEffects } from "./money-effects";
import { quotationConvertResource, saleExtraResource } from "./pending-documents";
import { newLocalKey, type CachedRow, type CachedTableName } from "./sync-tables";

/**
 * Every write of the web app, by name (DESIGN section 8, after actualbudget's named handlers): the
 * argument each takes (the `InferType` of its core schema), where it goes, and its offline rule,
 * declared once: queued in the outbox (a create with its form_token, replayed as it is, showing its
 * local effects meanwhile) or sent at once because it needs the network, with the reason a screen
 * shows while it is offline. Screens call these through commands.ts, never the API client.
 */

type Key = number | string;
type Json = Record<string, unknown>;
type Method = "POST" | "PUT" | "PATCH" | "DELETE";

/** Kept in the outbox while the device is offline; what the cache shows until the server answers. */
export interface QueuedRule<Args> {
  queued: true;
  localEffect?(args: Args): LocalEffect | LocalEffect[];
}

/** Sent at once, never queued: offline the screen says why (the reason) instead. */
export interface NetworkRule {
  queued: false;
  reason: MessageDescriptor;
}

export interface Command<Args, Rule extends QueuedRule<Args> | NetworkRule = QueuedRule<Args> | NetworkRule, Answer = unknown> {
  method: Method;
  /** The resource's path under /api/ ("customer/"): where its records are read, for the forms. */
  resource: string;
  // Method signatures (bivariant in their argument), so the runner can hold any command as Command<unknown>.
  url(args: Args): string;
  /** The request body: JSON, a multipart form (an upload), or none. */
  body(args: Args): Json | FormData | undefined;
  offline: Rule;
  /** Never set: the type of the body the server answers, which `sendCommand` hands its caller. */
  answer?: Answer;
}

/** A create's body, with the form_token a network create sends itself (the outbox adds its own). */
type CreateArgs<S extends AnyObjectSchema> = InferType<S> & { form_token?: string };
export interface EditArgs<Body> {
  id: Key;
  body: Body;
}
export interface DeleteArgs {
  id: Key;
}

// The reasons, each once: what a screen says beside a write it cannot make offline.
export const SAVE_NEEDS_NETWORK = msg`This needs a connection: it cannot be saved offline`;
const EDIT_NEEDS_NETWORK = msg`Editing needs a connection`;
const DELETE_NEEDS_NETWORK = msg`Deleting needs a connection`;

const queued = <Args>(localEffect?: (args: Args) => LocalEffect | LocalEffect[]): QueuedRule<Args> => ({ queued: true, localEffect });
const needsNetwork = (reason: MessageDescriptor = SAVE_NEEDS_NETWORK): NetworkRule => ({ queued: false, reason });

/** `POST <resource>`, queued offline unless a rule says it needs the network. */
function create<S extends AnyObjectSchema, Rule extends QueuedRule<CreateArgs<S>> | NetworkRule>(
  resource: string,
  _schema: S,
  offline: Rule,
): Command<CreateArgs<S>, Rule> {
  return { method: "POST", resource, url: () => resource, body: (args) => args, offline };
}

/** `PUT <resource><id>/`: an edit always needs the server (it answers the record's current state). */
function edit<S extends AnyObjectSchema, Answer = unknown>(
  resource: string,
  _schema: S,
  reason = SAVE_NEEDS_NETWORK,
): Command<EditArgs<InferType<S>>, NetworkRule, Answer> {
  return { method: "PUT", resource, url: ({ id }) => `${resource}${id}/`, body: ({ body }) => body, offline: needsNetwork(reason) };
}

/** `PUT <path>` of a record that is one per install or per user (the settings, the signed-in user's profile). */
function put<S extends AnyObjectSchema, Answer = unknown>(path: string, _schema: S): Command<InferType<S>, NetworkRule, Answer> {
  return { method: "PUT", resource: path, url: () => path, body: (args) => args, offline: needsNetwork() };
}

/** `DELETE <resource><id>/`. */
function remove(resource: string): Command<DeleteArgs, NetworkRule> {
  return {
    method: "DELETE",
    resource,
    url: ({ id }) => `${resource}${id}/`,
    body: () => undefined,
    offline: needsNetwork(DELETE_NEEDS_NETWORK),
  };
}

/** A provisional row for a cached table, shown with a "pending sync" badge until the server answers. */
export function pendingRow(table: CachedTableName, columns: Omit<CachedRow, "id">): PendingRowEffect {
  return { kind: "pending-row", table, row: { ...columns, id: newLocalKey(), deleted_at: null } };
}

const nameRow = (table: CachedTableName) => (body: { name: string }) => pendingRow(table, { name: body.name });

/** The create, edit and delete of a record form's resource, queued or not as its create rule says. */
function crud<S extends AnyObjectSchema, Rule extends QueuedRule<CreateArgs<S>> | NetworkRule>(resource: string, schema: S, offline: Rule) {
  return { create: create(resource, schema, offline), edit: edit(resource, schema), delete: remove(resource) };
}

/** The same for a document (sale, purchase...): its edit says "Editing needs a connection". */
function documentCrud<S extends AnyObjectSchema, Rule extends QueuedRule<CreateArgs<S>> | NetworkRule>(
  resource: string,
  schema: S,
  offline: Rule,
) {
  return { create: create(resource, schema, offline), edit: edit(resource, schema, EDIT_NEEDS_NETWORK), delete: remove(resource) };
}

const itemGroup = crud("item-group/", itemGroupSchema, queued(nameRow("item_group")));
const measurement = crud("measurement/", measurementSchema, queued(nameRow("measurement")));
const city = crud("city/", citySchema, queued(nameRow("city")));
const itemSubgroup = crud(
  "item-subgroup/",
  itemSubgroupSchema,
  queued((body: CreateArgs<typeof itemSubgroupSchema>) =>
    pendingRow("item_subgroup", { name: body.name, item_group_id: body.item_group ?? null }),
  ),
);
const supplier = crud(
  "supplier/",
  supplierSchema,
  queued((body: CreateArgs<typeof supplierSchema>) =>
    pendingRow("supplier", { name: body.name, phone: body.phone ?? "", address: body.address ?? "", branches: body.branches ?? [] }),
  ),
);
const customer = crud(
  "customer/",
  customerSchema,
  queued((body: CreateArgs<typeof customerSchema> & { branches?: number[]; is_general?: boolean }) =>
    pendingRow("customer", {
      name: body.name,
      phone: body.phone ?? "",
      address: body.address ?? "",
      city_id: body.city ?? null,
      // The customer form sends its branch, quick-create `branches` (ids) as SPEC's call table has it.
      branch_id: body.branch ?? body.branches?.[0] ?? null,
      is_general: body.is_general ?? false,
      credit_limit: body.credit_limit ?? null,
    }),
  ),
);
const item = crud("item/", itemSchema, queued());
const damagedStockType = crud("damaged-stock-type/", damagedStockTypeSchema, queued());
const partner = crud("partner/", partnerSchema, queued());
const user = { ...crud("user/", userCreateSchema, queued()), edit: edit("user/", userUpdateSchema) };
const role = crud("user/group/", groupSchema, queued());
const branch = crud("branch/", branchSchema, queued());
const cashbox = crud("accounting/cashbox/", cashboxSchema, queued());
const expenseType = crud("accounting/expense-type/", accountTypeSchema, queued());
const incomeType = crud("accounting/income-type/", accountTypeSchema, queued());
const exchangeRate = crud("accounting/exchange-rate/", exchangeRateSchema, queued());
// Both cashboxes' balances are checked by the server at the moment of the write, which a device cannot.
const cashboxTransfer = crud("accounting/cashbox-transfer/", cashboxTransferSchema, needsNetwork());
const capital = crud("accounting/capital/", capitalSchema, needsNetwork());
const cashboxAdjustment = crud("accounting/cashbox-adjustment/", cashboxAdjustmentSchema, needsNetwork());
const cashboxCount = crud("accounting/cashbox-count/", cashboxCountSchema, needsNetwork());
const moneyConversion = crud("accounting/money-conversion/", moneyConversionSchema, needsNetwork());
const supplierDebitInvoice = crud("accounting/supplier-debit-invoice/", supplierDebitInvoiceSchema, needsNetwork());
const customerDebitInvoice = crud("accounting/customer-debit-invoice/", customerDebitInvoiceSchema, needsNetwork());
// A queued money document is numbered "P-<n>" and moves its cashbox's balance as the device shows it.
const moneyDocument = <S extends AnyObjectSchema>(resource: Parameters<typeof moneyDocumentEffects>[0], schema: S) =>
  crud(
    resource,
    schema,
    queued((body: CreateArgs<S>) => moneyDocumentEffects(resource, body as Json)),
  );
const expense = moneyDocument("accounting/expense/", expenseSchema);
const income = moneyDocument("accounting/income/", incomeSchema);
const receipt = moneyDocument("accounting/receipt/", receiptSchema);
const payment = moneyDocument("accounting/payment/", paymentSchema);
const position = crud("hr/position/", positionSchema, queued());
const employee = crud("hr/employee/", employeeSchema, queued());
const employeeContract = crud("hr/employee-contract/", employeeContractSchema, queued());
const payroll = crud("hr/payroll/", payrollSchema, queued());
const salaryAdvance = crud("hr/salary-advance/", salaryAdvanceSchema, queued());
// A queued sale is numbered "P-<n>" and takes its stock at once; refused on the device when the
// cached stock is short (outbox.ts). A queued purchase adds to the stock rows the device has.
const sale = documentCrud(
  "sale/",
  saleSchema,
  queued((body: CreateArgs<typeof saleSchema>) => saleEffects(body as Json)),
);
const purchase = documentCrud(
  "purchase/",
  purchaseSchema,
  queued((body: CreateArgs<typeof purchaseSchema>) => purchaseEffects(body as Json)),
);
const purchaseReturn = documentCrud("purchase-return/", purchaseReturnSchema, queued());
const saleReturn = documentCrud("sale-return/", saleReturnSchema, queued());
const saleQuotation = documentCrud("sale-quotation/", saleQuotationSchema, queued());
const damagedStock = documentCrud("damaged-stock/", damagedStockSchema, queued());
// An opening balance only adds (cash, what parties owe, stock), so a queued one cannot overdraw anything;
// what the server alone knows (one per branch, a closed period) refuses it in the sync panel, like every other document.
const openingBalance = documentCrud("accounting/opening-balance/", openingBalanceSchema, queued());
const stockTransfer = documentCrud("inventory-stock-transfer/", inventoryStockTransferSchema, queued());
const inventory = {
  // The branch screen adds and renames its inventories at once, online.
  create: create("inventory/", inventorySchema, needsNetwork()),
  delete: remove("inventory/"),
};

/** An action on one record: `POST <path>` with its body, needing the network. */
function action<Args, Answer = unknown>(
  url: (args: Args) => string,
  body: (args: Args) => Json | FormData | undefined,
  reason?: MessageDescriptor,
) {
  const command: Command<Args, NetworkRule, Answer> = { method: "POST", resource: "", url, body, offline: needsNetwork(reason) };
  return command;
}

const none = () => undefined;

/** What a user may change of an account of the chart: its code and its three names (never its class). */
interface AccountChange {
  code: string | null;
  name: string | null;
  name_ar: string | null;
  name_ckb: string | null;
}
const accountEdit: Command<EditArgs<AccountChange>, NetworkRule> = {
  method: "PATCH",
  resource: "accounting/account/",
  url: ({ id }) => `accounting/account/${id}/`,
  body: ({ body }) => ({ ...body }),
  offline: needsNetwork(EDIT_NEEDS_NETWORK),
};

export interface QuotationConvertArgs {
  id: Key;
  /** The payment the request sends. */
  payment: InferType<typeof quotationConvertSchema> & { form_token?: string };
  /** The sale it becomes as a `POST sale/` body (from the quotation on screen), for the offline effects. */
  sale: Json;
}

export interface SaleExtraArgs {
  saleId: Key;
  body: InferType<typeof saleExtraSchema> & { form_token?: string };
}

export interface AttachmentArgs {
  /** The document's path under /api/ with its id: "purchase/5/". */
  documentPath: string;
}

/** The one `file` part every upload route reads. */
const multipart = (file: File) => {
  const form = new FormData();
  form.append("file", file);
  return form;
};

export const COMMANDS = {
  "item-group-create": itemGroup.create,
  "item-group-edit": itemGroup.edit,
  "item-group-delete": itemGroup.delete,
  "measurement-create": measurement.create,
  "measurement-edit": measurement.edit,
  "measurement-delete": measurement.delete,
  "city-create": city.create,
  "city-edit": city.edit,
  "city-delete": city.delete,
  "item-subgroup-create": itemSubgroup.create,
  "item-subgroup-edit": itemSubgroup.edit,
  "item-subgroup-delete": itemSubgroup.delete,
  "item-create": item.create,
  "item-edit": item.edit,
  "item-delete": item.delete,
  "damaged-stock-type-create": damagedStockType.create,
  "damaged-stock-type-edit": damagedStockType.edit,
  "damaged-stock-type-delete": damagedStockType.delete,
  "damaged-stock-create": damagedStock.create,
  "damaged-stock-edit": damagedStock.edit,
  "damaged-stock-delete": damagedStock.delete,
  "inventory-stock-transfer-create": stockTransfer.create,
  "inventory-stock-transfer-edit": stockTransfer.edit,
  "inventory-stock-transfer-delete": stockTransfer.delete,
  "inventory-stock-transfer-approve": action<DeleteArgs, { message?: string } | null>(
    (a) => `inventory-stock-transfer/${a.id}/approve/`,
    none,
  ),
  "stock-change-sale-price": action(
    (_: InferType<typeof changeSalePriceSchema>) => "stock/change-sale-price/",
    (a) => a as Json,
    EDIT_NEEDS_NETWORK,
  ),
  "supplier-create": supplier.create,
  "supplier-edit": supplier.edit,
  "supplier-delete": supplier.delete,
  "purchase-create": purchase.create,
  "purchase-edit": purchase.edit,
  "purchase-delete": purchase.delete,
  "purchase-return-create": purchaseReturn.create,
  "purchase-return-edit": purchaseReturn.edit,
  "purchase-return-delete": purchaseReturn.delete,
  "customer-create": customer.create,
  "customer-edit": customer.edit,
  "customer-delete": customer.delete,
  "sale-create": sale.create,
  "sale-edit": sale.edit,
  "sale-delete": sale.delete,
  // Extra material for a sale: offline it is queued and its stock taken at once.
  "sale-extra-create": {
    method: "POST",
    resource: "sale/",
    url: (a: SaleExtraArgs) => saleExtraResource(a.saleId),
    body: (a: SaleExtraArgs) => a.body,
    offline: queued((a: SaleExtraArgs) => saleExtraEffects(a.body as Json)),
  } satisfies Command<SaleExtraArgs, QueuedRule<SaleExtraArgs>>,
  "sale-return-create": saleReturn.create,
  "sale-return-edit": saleReturn.edit,
  "sale-return-delete": saleReturn.delete,
  "sale-quotation-create": saleQuotation.create,
  "sale-quotation-edit": saleQuotation.edit,
  "sale-quotation-delete": saleQuotation.delete,
  // Idempotent on form_token; offline the sale is queued under a provisional number and takes its
  // stock from the cache at once, like a sale made on the sale screen.
  "sale-quotation-convert": {
    method: "POST",
    resource: "sale-quotation/",
    url: (a: QuotationConvertArgs) => quotationConvertResource(a.id),
    body: (a: QuotationConvertArgs) => a.payment,
    offline: queued((a: QuotationConvertArgs) => quotationConvertEffects(a.sale)),
  } satisfies Command<QuotationConvertArgs, QueuedRule<QuotationConvertArgs>>,
  "partner-create": partner.create,
  "partner-edit": partner.edit,
  "partner-delete": partner.delete,
  "cashbox-create": cashbox.create,
  "cashbox-edit": cashbox.edit,
  "cashbox-delete": cashbox.delete,
  "cashbox-transfer-create": cashboxTransfer.create,
  "cashbox-transfer-edit": cashboxTransfer.edit,
  "cashbox-transfer-delete": cashboxTransfer.delete,
  "opening-balance-create": openingBalance.create,
  "opening-balance-edit": openingBalance.edit,
  "opening-balance-delete": openingBalance.delete,
  "capital-create": capital.create,
  "capital-edit": capital.edit,
  "capital-delete": capital.delete,
  "cashbox-adjustment-create": cashboxAdjustment.create,
  "cashbox-adjustment-edit": cashboxAdjustment.edit,
  "cashbox-adjustment-delete": cashboxAdjustment.delete,
  "cashbox-count-create": cashboxCount.create,
  "cashbox-count-edit": cashboxCount.edit,
  "cashbox-count-delete": cashboxCount.delete,
  "money-conversion-create": moneyConversion.create,
  "money-conversion-edit": moneyConversion.edit,
  "money-conversion-delete": moneyConversion.delete,
  "supplier-debit-invoice-create": supplierDebitInvoice.create,
  "supplier-debit-invoice-edit": supplierDebitInvoice.edit,
  "supplier-debit-invoice-delete": supplierDebitInvoice.delete,
  "customer-debit-invoice-create": customerDebitInvoice.create,
  "customer-debit-invoice-edit": customerDebitInvoice.edit,
  "customer-debit-invoice-delete": customerDebitInvoice.delete,
  "expense-type-create": expenseType.create,
  "expense-type-edit": expenseType.edit,
  "expense-type-delete": expenseType.delete,
  "income-type-create": incomeType.create,
  "income-type-edit": incomeType.edit,
  "income-type-delete": incomeType.delete,
  "exchange-rate-create": exchangeRate.create,
  "exchange-rate-edit": exchangeRate.edit,
  "exchange-rate-delete": exchangeRate.delete,
  "expense-create": expense.create,
  "expense-edit": expense.edit,
  "expense-delete": expense.delete,
  "income-create": income.create,
  "income-edit": income.edit,
  "income-delete": income.delete,
  "receipt-create": receipt.create,
  "receipt-edit": receipt.edit,
  "receipt-delete": receipt.delete,
  "payment-create": payment.create,
  "payment-edit": payment.edit,
  "payment-delete": payment.delete,
  "position-create": position.create,
  "position-edit": position.edit,
  "position-delete": position.delete,
  "employee-create": employee.create,
  "employee-edit": employee.edit,
  "employee-delete": employee.delete,
  "employee-contract-create": employeeContract.create,
  "employee-contract-edit": employeeContract.edit,
  "employee-contract-delete": employeeContract.delete,
  "payroll-create": payroll.create,
  "payroll-edit": payroll.edit,
  "payroll-delete": payroll.delete,
  "salary-advance-create": salaryAdvance.create,
  "salary-advance-edit": salaryAdvance.edit,
  "salary-advance-delete": salaryAdvance.delete,
  "branch-create": branch.create,
  "branch-edit": branch.edit,
  "branch-delete": branch.delete,
  "inventory-create": inventory.create,
  "inventory-rename": {
    method: "PATCH",
    resource: "inventory/",
    url: (a: EditArgs<Pick<InferType<typeof inventorySchema>, "name">>) => `inventory/${a.id}/`,
    body: (a: EditArgs<Pick<InferType<typeof inventorySchema>, "name">>) => a.body,
    offline: needsNetwork(),
  } satisfies Command<EditArgs<Pick<InferType<typeof inventorySchema>, "name">>, NetworkRule>,
  "inventory-delete": inventory.delete,
  "setting-edit": put<typeof settingsSchema, Setting[]>("setting/", settingsSchema),
  "print-info-edit": edit<typeof printInfoSchema, PrintInfo>("print/", printInfoSchema),
  "user-create": user.create,
  "user-edit": user.edit,
  "user-delete": user.delete,
  "user-reset-password": action(
    (a: EditArgs<InferType<typeof resetPasswordSchema>>) => `user/${a.id}/reset-password/`,
    (a) => a.body,
  ),
  "role-create": role.create,
  "role-edit": role.edit,
  "role-delete": role.delete,
  "profile-edit": put<typeof profileSchema, Partial<AuthUser>>("user/me/", profileSchema),
  "password-change": action(
    (_: InferType<typeof changePasswordSchema>) => "user/change-password/",
    (a) => a as Json,
  ),
  "sessions-sign-out-others": action((_: Json) => "user/sessions/sign-out-others/", none),
  "sign-in": action<InferType<typeof loginSchema>, { token: string }>(
    () => "login/",
    (a) => a,
  ),
  "sign-out": action((_: Json) => "logout/", none),
  "backup-take": action((_: Json) => "backup/", none),
  "account-edit": accountEdit,
  // The books' locks and the year's close are checked against the ledger as it is: online only.
  "period-lock-set": put("accounting/period-lock/", periodLockSchema),
  "year-close": action(
    (_: InferType<typeof yearCloseSchema>) => "accounting/year-close/",
    (a) => a as Json,
  ),
  "year-reopen": action(
    (_: InferType<typeof yearCloseSchema>) => "accounting/year-close/reopen/",
    (a) => a as Json,
  ),
  "media-upload": action<{ file: File }, UploadedMedia>(
    () => "media/",
    (a) => multipart(a.file),
  ),
  // Spreadsheet imports: the preview saves nothing, the import is all or nothing; both read the file on the server.
  "import-preview": action<{ kind: string; file: File }, ImportAnswer>(
    (a) => `import/${a.kind}/preview/`,
    (a) => multipart(a.file),
  ),
  "import-run": action(
    (a: { kind: string; file: File }) => `import/${a.kind}/`,
    (a) => multipart(a.file),
  ),
  "attachment-add": action(
    (a: AttachmentArgs & { file: File }) => `${a.documentPath}attachment/`,
    (a) => multipart(a.file),
  ),
  "attachment-delete": {
    method: "DELETE",
    resource: "",
    url: (a: AttachmentArgs & DeleteArgs) => `${a.documentPath}attachment/${a.id}/`,
    body: none,
    offline: needsNetwork(DELETE_NEEDS_NETWORK),
  } satisfies Command<AttachmentArgs & DeleteArgs, NetworkRule>,
} as const;

type Table = typeof COMMANDS;
export type CommandName = keyof Table;
export type CommandArgs<N extends CommandName> = Parameters<Table[N]["url"]>[0];
/** What the server answers to a command sent at once (unknown where the table does not say). */
export type CommandAnswer<N extends CommandName> = Table[N] extends { answer?: infer A } ? Exclude<A, undefined> : unknown;

type NamesWhere<Rule> = { [N in CommandName]: Table[N]["offline"] extends Rule ? N : never }[CommandName];
/** Commands the outbox keeps while offline (they answer a CreateOutcome). */
export type QueuedCommandName = NamesWhere<{ queued: true }>;
/** Commands sent at once (they answer the server's body, or throw as the API client does). */
export type NetworkCommandName = NamesWhere<{ queued: false }>;

type Suffixed<Suffix extends string> = { [N in CommandName]: N extends `${infer R}-${Suffix}` ? R : never }[CommandName];
/** The resources a record or document form creates and edits: `<r>-create` and `<r>-edit` exist. */
export type FormResource = Suffixed<"create"> & Suffixed<"edit">;
/** The form resources whose create the outbox queues offline: the documents (sale, purchase, transfer...). */
export type DocumentResource = { [R in FormResource]: `${R}-create` extends QueuedCommandName ? R : never }[FormResource];
/** The deletes of a record by its id (a list row's). */
export type RecordDeleteName = `${DeletableResource}-delete`;
/** The deletes, each sent at once: what a row's delete button runs. */
export type DeleteCommandName = Extract<NetworkCommandName, `${string}-delete`>;
/** The resources a row's delete button deletes by id. */
export type DeletableResource = {
  [R in Suffixed<"delete">]: CommandArgs<`${R}-delete`> extends DeleteArgs ? R : never;
}[Suffixed<"delete">];

/** True for a resource with `<resource>-create` and `<resource>-edit` commands (a record kind's form). */
export function isFormResource(name: string): name is FormResource {
  return Object.hasOwn(COMMANDS, `${name}-create`) && Object.hasOwn(COMMANDS, `${name}-edit`);
}

/** True for the name of a row's delete (the list of a record kind names its own as `<kind>-delete`). */
export function isRecordDeleteName(name: string): name is RecordDeleteName {
  return name.endsWith("-delete") && Object.hasOwn(COMMANDS, name);
}

/** The table entry, seen without its argument type (the runner's and the hooks' view of it). */
export function commandOf(name: CommandName): Command<unknown> {
  return COMMANDS[name];
}
