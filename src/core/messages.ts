/**
 * Every user-facing message of SPEC sections 5 and 8 (and the server's own refusals) as English
 * templates. The server sends these English texts; the web app translates them: it looks the text up
 * with matchTemplate, translates the template (Lingui uses the same {name} placeholders) and fills the
 * values back in. So a message text here is also its translation key: change one only with the catalogs.
 */
export const MESSAGES = {
  // Generic form messages (SPEC section 5), used by the yup locale.
  required: "This field is required",
  minLength: "must contain at least {min} characters",
  maxLength: "at most {max} characters",
  greaterThan: "greater than {min}",
  greaterThanOrEqual: "greater than or equal to {min}",
  lessThan: "less than {max}",
  lessThanOrEqual: "less than or equal to {max}",
  positive: "must be positive",
  number: "must be a number",
  email: "must be a valid email",
  // Generic rules SPEC does not word; phrased like its own.
  integer: "must be an integer",
  maxDecimals: "at most {max} decimal places",
  date: "must be a valid date",
  oneOf: "must be one of the following values: {values}",
  notOneOf: "must not be one of the following values: {values}",
  minItems: "must have at least {min} items",
  maxItems: "must have at most {max} items",
  invalid: "is invalid",
  exactLength: "must be exactly {length} characters",
  exactItems: "must have {length} items",
  negative: "must be negative",
  url: "must be a valid URL",
  uuid: "must be a valid UUID",
  trimmed: "must be a trimmed string",
  lowercase: "must be a lowercase string",
  uppercase: "must be an uppercase string",
  booleanType: "must be true or false",
  stringType: "must be a text",
  arrayType: "must be a list",
  objectType: "must be an object",
  booleanValue: "must be {value}",
  unknownFields: "has unknown fields: {names}",
  passwordsMustMatch: "Passwords must match",
  partnerRole: "Choose customer, supplier or both",
  selectBranch: "Select at least one branch",

  // Product messages (SPEC section 5).
  cashboxRequired: "Cashbox is required",
  saleInvoiceRequired: "Sale invoice is required",
  invoiceNoRequired: "Invoice No. is required",
  enterExchangeRate: "Please enter exchange rate",
  selectStartAndEndDate: "Select start date and end date",
  selectCustomer: "Select a customer",
  selectInventory: "Select inventory",
  inventoriesMustDiffer: "Inventories must be different",
  cashboxesMustDiffer: "Cashboxes must be different",
  cashboxesCurrencyMustMatch: "Cashboxes currency must be same",
  onlyImages: "Only images are allowed",
  onlyMaterial: "Only material item is allowed",
  itemAlreadyInList: "Item already in the list",
  cannotSellZeroQuantity: "Cannot sell item with 0 quantity",
  quantityAboveStock: "Quantity is greater than stock quantity",
  notEnoughQuantity: "No enough quantity available",
  differentCustomer: "Different customer selected",
  differentCurrency: "Different currency selected",
  returnAboveSale: "Return invoice price is more than sale invoice price",
  purchaseReturnAboveRemain: "Purchase return price is greater than purchase invoice remain amount",
  cashboxBalanceNotEnough: "Cashbox balance is not enough",
  cashboxNotUsable: "You may not use this cashbox",
  cashboxCurrencyMismatch: "Cashbox currency mismatch",
  changeAboveTendered: "The change is more than the money handed over",
  saleInvoiceNotFound: "Sale invoice not found",
  itemNotFound: "Item not found",
  numberNotValid: "The entered number was not valid",
  invalidTimeValue: "Invalid time value",

  // Success and list messages (SPEC section 8).
  saved: "Saved successfully",
  updated: "Updated successfully",
  deleted: "Deleted successfully",
  approved: "Approved Successfully",
  noResults: "No results found",
  refreshPage: "There was an error, please refresh the page and try again",

  // Server messages (DESIGN section 3).
  invalidCredentials: "Invalid username or password",
  tooManyAttempts: "Too many attempts, try again later",
  notAuthenticated: "Authentication credentials were not provided.",
  invalidToken: "Invalid token.",
  permissionDenied: "You do not have permission to perform this action.",
  notFound: "Not found.",
  formTokenMismatch: "This form was already submitted with different data",
  formTokenInFlight: "This form is still being processed",
  formTokenBookedByAuthor: "This document was already booked by the user who saved it",
  formTokenRequired: "form_token is required",
  unknownFilter: "Unknown filter: {name}",
  unknownOrdering: "Unknown ordering: {name}",
  invalidFilterValue: "Invalid filter value: {name}",
  invalidPage: "Invalid page.",
  recordInUse: "Record is in use and cannot be deleted",
  recordChanged: "The record was changed by someone else",
  barcodeExists: "Barcode already exists",
  codeExists: "Code already exists",
  shortCodeFormat: "must be 2 to 5 letters or digits",
  nameExists: "Name already exists",
  alreadyApproved: "Already approved",
  approvedCannotChange: "Approved records cannot be updated or deleted",
  paidCannotChange: "A paid invoice cannot be updated, added to or deleted",
  linkedCannotChange: "Record is linked to returns, receipts or payments and cannot be changed",
  wrongOldPassword: "Old password is not correct",
  onlyImagesOrPdf: "Only images or PDF files are allowed",
  fileTooLarge: "File is too large",
  serverError: "A server error occurred.",
  invalidJson: "Request body is not valid JSON",
  invalidRequestBody: "Invalid request body",
  invalidChoice: "Invalid pk - object does not exist.",
  invalidCursor: "Invalid cursor",
  nulCharacter: "must not contain NUL characters",
  loggedOut: "Logged out",
  branchHasDocuments: "The branch has documents and cannot be deleted",
  inventoryInUse: "The inventory holds stock or documents and cannot be deleted",
  baseCurrencyLocked: "The base currency cannot change once documents exist",
  generalCustomerUndeletable: "The general customer cannot be deleted",
  generalPartnerUndeletable: "The general partner cannot be deleted",
  baseCurrencyHasNoRate: "The base currency has no exchange rate",
  subgroupNotInGroup: "The subgroup does not belong to the selected group",
  returnAboveSold: "Return quantity is more than the sold quantity",
  quotationConverted: "The quotation was already converted to a sale",
  cashboxHasEntries: "The cashbox has entries and cannot be deleted",
  cashboxCurrencyLocked: "The cashbox has entries: its branch and currency cannot change",
  allocationAboveRemaining: "The amount is more than the invoice's remaining amount",
  allocationsAboveAmount: "The invoices' amounts are more than the amount",
  differentSupplier: "Different supplier selected",
  conversionCurrenciesMustDiffer: "Cashboxes currency must be different",
  nothingToAdjust: "The counted balance equals the cashbox balance: nothing to adjust",
  adjustmentOfCount: "This adjustment belongs to a cashbox count: delete the count instead",
  // Refunds and credit notes of returns.
  refundOrCreditNote: "Choose a refund or a credit note, not both",
  refundAboveReturnable: "The refund is more than what was paid and is returned",
  nothingToCredit: "Nothing paid on the invoice is returned: there is no credit note to leave",
  creditNoteNotFound: "Credit note not found",
  creditNoteAboveOpen: "The amount is more than the credit note's open amount",
  creditNoteCurrencyMismatch: "The credit note is in another currency",
  creditNoteUsed: "The credit note is used by a later invoice and cannot be changed",
  // HR and payroll.
  contractOverlaps: "The employee already has a contract for these dates",
  endBeforeStart: "The end date must not be before the start date",
  noContractForPeriod: "{name} has no contract for this period",
  alreadyPaidForPeriod: "{name} is already paid for an overlapping period",
  employeeListedTwice: "An employee is listed twice",
  deductionsAbovePay: "Deductions are more than the pay",
  advanceAboveOutstanding: "The advance deducted is more than the employee's outstanding advances",
  passwordIsUsername: "The password must not be the username",
  usernameExists: "A user with that username already exists",
  defaultBranchNotInBranches: "The default branch must be one of the user's branches",
  defaultInventoryNotInBranches: "The default inventory must be in one of the user's branches",
  cannotDeactivateSelf: "You cannot deactivate your own account",
  lastSuperuser: "At least one active superuser must remain",
  backupRunning: "A backup is already being taken",
  backupsNotManaged: "Backups of this database are the database server's own",
  // Period locks and the year's close.
  periodClosed: "This period is closed",
  yearNotOver: "The year is not over yet",
  yearAlreadyClosed: "The year is already closed",
  yearNotClosed: "The year is not closed",
  laterYearClosed: "A later year is closed: reopen it first",
  closedYearStaysLocked: "A closed year stays locked: reopen it to move the lock back",
  // Spreadsheet imports.
  importColumnMissing: "The column is missing from the file",
  importColumnUnknown: "The file has a column this import does not have",
  importListedTwice: "Listed twice in the file (row {row})",
  importNotSpreadsheet: "The file is not a CSV or XLSX file",
  importNotUtf8: "The file is not in UTF-8: save it as CSV UTF-8",
  importFormula: "The file holds a formula (cell {cell}): save the values instead of the formulas",
  importTooManyRows: "The file has more than {max} rows",
  importUnpacksTooLarge: "The file unpacks to more than {max} MB",
  importNoRows: "The file has no rows",
  importHasErrors: "The file has errors: nothing was imported",
  scaleRuleTooLong: "The prefix, the item digits and the decimals do not fit in a 13-digit barcode",
  // Opening balances.
  openingBalanceExists: "The branch already has an opening balance",
  openingStockRepeated: "The item is listed twice with the same batch",
  openingLineRepeated: "This line repeats an earlier one",
  openingBalanceEmpty: "The opening balance has no lines",
  dateInFuture: "The date must not be in the future",
} as const;

export type MessageKey = keyof typeof MESSAGES;
export type MessageTemplate = (typeof MESSAGES)[MessageKey];
export type MessageValues = Record<string, string | number>;

const PLACEHOLDER = /\{(\w+)\}/g;
const HAS_PLACEHOLDER = /\{\w+\}/;

/** Fills {name} placeholders; a placeholder without a value is left as it is. */
export function interpolate(template: string, values: MessageValues = {}): string {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole,
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

interface CompiledTemplate {
  template: string;
  names: string[];
  pattern: RegExp;
}

const literalLength = (template: string) => template.replace(/\{\w+\}/g, "").length;

// Built once, on the first message to recognise (not when the module loads: it is in the first screen's
// JavaScript): a full-string regex per template with placeholders, each placeholder a lazy
// group. Most literal text first, so "greater than or equal to 5" never matches "greater than {min}".
let compiled: CompiledTemplate[] | null = null;
const compiledTemplates = (): CompiledTemplate[] =>
  (compiled ??= [...new Set<string>(Object.values(MESSAGES))]
    .filter((template) => HAS_PLACEHOLDER.test(template))
    .sort((a, b) => literalLength(b) - literalLength(a))
    .map((template) => {
      const names: string[] = [];
      const source = template
        .split(/(\{\w+\})/)
        .map((part) => {
          const name = /^\{(\w+)\}$/.exec(part)?.[1];
          if (!name) return escapeRegExp(part);
          names.push(name);
          return "(.+?)";
        })
        .join("");
      return { template, names, pattern: new RegExp(`^${source}$`) };
    }));

const PLAIN = new Set<string>(Object.values(MESSAGES).filter((template) => !HAS_PLACEHOLDER.test(template)));

/**
 * Recognises an English message, plain or already interpolated, and gives its template and values:
 * matchTemplate("must contain at least 3 characters") ->
 *   { template: "must contain at least {min} characters", values: { min: "3" } }.
 * Unknown text gives null (the caller shows it untranslated).
 */
export function matchTemplate(text: string): { template: string; values: Record<string, string> } | null {
  if (PLAIN.has(text)) return { template: text, values: {} };
  for (const { template, names, pattern } of compiledTemplates()) {
    const match = pattern.exec(text);
    if (!match) continue;
    const values: Record<string, string> = {};
    names.forEach((name, index) => {
      values[name] = match[index + 1];
    });
    return { template, values };
  }
  return null;
}
