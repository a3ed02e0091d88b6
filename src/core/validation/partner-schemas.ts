/** Supplier, customer and partner bodies (SPEC sections 3, 5, 7). */
import { boolean, object, type InferType } from "yup";
import { MESSAGES } from "../messages";
import { ADDRESS_MAX_LENGTH, PHONE_MAX_LENGTH, decimalField, idList, nameField, optionalId, optionalText, requiredId } from "./common";
import { installYupLocale } from "./yup-locale";

installYupLocale();

export const supplierSchema = object({
  name: nameField(),
  phone: optionalText(PHONE_MAX_LENGTH),
  address: optionalText(ADDRESS_MAX_LENGTH),
  branches: idList(MESSAGES.selectBranch),
});
export type SupplierInput = InferType<typeof supplierSchema>;

export const customerSchema = object({
  name: nameField(),
  phone: optionalText(PHONE_MAX_LENGTH),
  address: optionalText(ADDRESS_MAX_LENGTH),
  city: optionalId(),
  branch: requiredId(),
  /** Most the customer may owe, in the base currency: >= 0, empty for no limit (numeric(18, 2)). */
  credit_limit: decimalField({ below: "10000000000000000" }).nullable(),
});
export type CustomerInput = InferType<typeof customerSchema>;

export const partnerSchema = object({
  name: nameField(),
  phone: optionalText(PHONE_MAX_LENGTH),
  is_customer: boolean().default(false),
  is_supplier: boolean().default(false),
}).test("partner-role", MESSAGES.partnerRole, function check(value) {
  if (!value || value.is_customer || value.is_supplier) return true;
  // Reported on is_customer so a form shows it beside the two check boxes.
  return this.createError({ path: "is_customer", message: MESSAGES.partnerRole });
});
export type PartnerInput = InferType<typeof partnerSchema>;
