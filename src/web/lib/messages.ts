import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { MESSAGES, matchTemplate, type MessageKey } from "../../core/messages";
import { i18n } from "./i18n";

/**
 * Every English template of src/core/messages.ts as a Lingui descriptor, so `lingui extract` puts them in
 * the catalogs. The message text equals the template (same {name} placeholders); the unit test checks
 * that each MESSAGES entry has its descriptor with the same text.
 */
export const MESSAGE_DESCRIPTORS: Record<MessageKey, MessageDescriptor> = {
  required: msg({ message: "This field is required" }),
  minLength: msg({ message: "must contain at least {min} characters" }),
  maxLength: msg({ message: "at most {max} characters" }),
  greaterThan: msg({ message: "greater than {min}" }),
  greaterThanOrEqual: msg({ message: "greater than or equal to {min}" }),
  lessThan: msg({ message: "less than {max}" }),
  lessThanOrEqual: msg({ message: "less than or equal to {max}" }),
  positive: msg({ message: "must be positive" }),
  number: msg({ message: "must be a number" }),
  email: msg({ message: "must be a valid email" }),
  integer: msg({ message: "must be an integer" }),
  maxDecimals: msg({ message: "at most {max} decimal places" }),
  date: msg({ message: "must be a valid date" }),
  oneOf: msg({ message: "must be one of the following values: {values}" }),
  notOneOf: msg({ message: "must not be one of the following values: {values}" }),
  minItems: msg({ message: "must have at least {min} items" }),
  maxItems: msg({ message: "must have at most {max} items" }),
  invalid: msg({ message: "is invalid" }),
  exactLength: msg({ message: "must be exactly {length} characters" }),
  exactItems: msg({ message: "must have {length} items" }),
  negative: msg({ message: "must be negative" }),
  url: msg({ message: "must be a valid URL" }),
  uuid: msg({ message: "must be a valid UUID" }),
  trimmed: msg({ message: "must be a trimmed string" }),
  lowercase: msg({ message: "must be a lowercase string" }),
  uppercase: msg({ message: "must be an uppercase string" }),
  booleanType: msg({ message: "must be true or false" }),
  stringType: msg({ message: "must be a text" }),
  arrayType: msg({ message: "must be a list" }),
  objectType: msg({ message: "must be an object" }),
  booleanValue: msg({ message: "must be {value}" }),
  unknownFields: msg({ message: "has unknown fields: {names}" }),
  passwordsMustMatch: msg({ message: "Passwords must match" }),
  partnerRole: msg({ message: "Choose customer, supplier or both" }),
  selectBranch: msg({ message: "Select at least one branch" }),
  cashboxRequired: msg({ message: "Cashbox is required" }),
  saleInvoiceRequired: msg({ message: "Sale invoice is required" }),
  invoiceNoRequired: msg({ message: "Invoice No. is required" }),
  enterExchangeRate: msg({ message: "Please enter exchange rate" }),
  selectStartAndEndDate: msg({ message: "Select start date and end date" }),
  selectCustomer: msg({ message: "Select a customer" }),
  selectInventory: msg({ message: "Select inventory" }),
  inventoriesMustDiffer: msg({ message: "Inventories must be different" }),
  cashboxesMustDiffer: msg({ message: "Cashboxes must be different" }),
  cashboxesCurrencyMustMatch: msg({ message: "Cashboxes currency must be same" }),
  onlyImages: msg({ message: "Only images are allowed" }),
  onlyMaterial: msg({ message: "Only material item is allowed" }),
  itemAlreadyInList: msg({ message: "Item already in the list" }),
  cannotSellZeroQuantity: msg({ message: "Cannot sell item with 0 quantity" }),
  quantityAboveStock: msg({ message: "Quantity is greater than stock quantity" }),
  notEnoughQuantity: msg({ message: "No enough quantity available" }),
  differentCustomer: msg({ message: "Different customer selected" }),
  differentCurrency: msg({ message: "Different currency selected" }),
  returnAboveSale: msg({ message: "Return invoice price is more than sale invoice price" }),
  purchaseReturnAboveRemain: msg({ message: "Purchase return price is greater than purchase invoice remain amount" }),
  cashboxBalanceNotEnough: msg({ message: "Cashbox balance is not enough" }),
  cashboxCurrencyMismatch: msg({ message: "Cashbox currency mismatch" }),
  saleInvoiceNotFound: msg({ message: "Sale invoice not found" }),
  itemNotFound: msg({ message: "Item not found" }),
  numberNotValid: msg({ message: "The entered number was not valid" }),
  invalidTimeValue: msg({ message: "Invalid time value" }),
  saved: msg({ message: "Saved successfully" }),
  updated: msg({ message: "Updated successfully" }),
  deleted: msg({ message: "Deleted successfully" }),
  approved: msg({ message: "Approved Successfully" }),
  noResults: msg({ message: "No results found" }),
  refreshPage: msg({ message: "There was an error, please refresh the page and try again" }),
  invalidCredentials: msg({ message: "Invalid username or password" }),
  tooManyAttempts: msg({ message: "Too many attempts, try again later" }),
  notAuthenticated: msg({ message: "Authentication credentials were not provided." }),
  invalidToken: msg({ message: "Invalid token." }),
  permissionDenied: msg({ message: "You do not have permission to perform this action." }),
  notFound: msg({ message: "Not found." }),
  formTokenMismatch: msg({ message: "This form was already submitted with different data" }),
  formTokenInFlight: msg({ message: "This form is still being processed" }),
  formTokenRequired: msg({ message: "form_token is required" }),
  unknownFilter: msg({ message: "Unknown filter: {name}" }),
  unknownOrdering: msg({ message: "Unknown ordering: {name}" }),
  invalidFilterValue: msg({ message: "Invalid filter value: {name}" }),
  invalidPage: msg({ message: "Invalid page." }),
  recordInUse: msg({ message: "Record is in use and cannot be deleted" }),
  recordChanged: msg({ message: "The record was changed by someone else" }),
  barcodeExists: msg({ message: "Barcode already exists" }),
  codeExists: msg({ message: "Code already exists" }),
  nameExists: msg({ message: "Name already exists" }),
  alreadyApproved: msg({ message: "Already approved" }),
  approvedCannotChange: msg({ message: "Approved records cannot be updated or deleted" }),
  paidCannotChange: msg({ message: "A paid invoice cannot be updated, added to or deleted" }),
  linkedCannotChange: msg({ message: "Record is linked to returns, receipts or payments and cannot be changed" }),
  wrongOldPassword: msg({ message: "Old password is not correct" }),
  onlyImagesOrPdf: msg({ message: "Only images or PDF files are allowed" }),
  fileTooLarge: msg({ message: "File is too large" }),
  serverError: msg({ message: "A server error occurred." }),
  invalidJson: msg({ message: "Request body is not valid JSON" }),
  invalidRequestBody: msg({ message: "Invalid request body" }),
  invalidChoice: msg({ message: "Invalid pk - object does not exist." }),
  invalidCursor: msg({ message: "Invalid cursor" }),
  nulCharacter: msg({ message: "must not contain NUL characters" }),
  loggedOut: msg({ message: "Logged out" }),
  branchHasDocuments: msg({ message: "The branch has documents and cannot be deleted" }),
  inventoryInUse: msg({ message: "The inventory holds stock or documents and cannot be deleted" }),
  baseCurrencyLocked: msg({ message: "The base currency cannot change once documents exist" }),
  generalCustomerUndeletable: msg({ message: "The general customer cannot be deleted" }),
  generalPartnerUndeletable: msg({ message: "The general partner cannot be deleted" }),
  baseCurrencyHasNoRate: msg({ message: "The base currency has no exchange rate" }),
  subgroupNotInGroup: msg({ message: "The subgroup does not belong to the selected group" }),
  returnAboveSold: msg({ message: "Return quantity is more than the sold quantity" }),
  quotationConverted: msg({ message: "The quotation was already converted to a sale" }),
  cashboxHasEntries: msg({ message: "The cashbox has entries and cannot be deleted" }),
  cashboxCurrencyLocked: msg({ message: "The cashbox has entries: its branch and currency cannot change" }),
  allocationAboveRemaining: msg({ message: "The amount is more than the invoice's remaining amount" }),
  allocationsAboveAmount: msg({ message: "The invoices' amounts are more than the amount" }),
  differentSupplier: msg({ message: "Different supplier selected" }),
  passwordIsUsername: msg({ message: "The password must not be the username" }),
  usernameExists: msg({ message: "A user with that username already exists" }),
  defaultBranchNotInBranches: msg({ message: "The default branch must be one of the user's branches" }),
  cannotDeactivateSelf: msg({ message: "You cannot deactivate your own account" }),
  lastSuperuser: msg({ message: "At least one active superuser must remain" }),
};

const BY_TEMPLATE = new Map<string, MessageDescriptor>(
  (Object.keys(MESSAGES) as MessageKey[]).map((key) => [MESSAGES[key], MESSAGE_DESCRIPTORS[key]]),
);

/**
 * Translates an English message from the server or from yup into the active language.
 * Unknown text is shown as it came (better an English message than none).
 */
export function translateMessage(englishText: string): string {
  const match = matchTemplate(englishText);
  if (!match) return englishText;
  const descriptor = BY_TEMPLATE.get(match.template);
  if (!descriptor) return englishText;
  // Built apart from the i18n._ call: the extractor chokes on a spread inside that call.
  const withValues: MessageDescriptor = { ...descriptor, values: match.values };
  return i18n._(withValues);
}
