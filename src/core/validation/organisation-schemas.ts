/** Bodies of the organisation settings: branches, inventories, print information, settings. */
import { boolean, object, string, type InferType } from "yup";
import { MESSAGES } from "../messages";
import { normaliseShortCode, SHORT_CODE_PATTERN } from "../document-number";
import { scaleBarcodeRulesSchema } from "../scale-barcode";
import { ADDRESS_MAX_LENGTH, PHONE_MAX_LENGTH, nameField, optionalText, requiredId } from "./common";
import { installYupLocale } from "./yup-locale";

installYupLocale();

export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

export const branchSchema = object({
  name: nameField(),
  color: string().trim().required().matches(HEX_COLOUR, MESSAGES.invalid),
  description: optionalText(500),
  /** Before the branch's document numbers (ERB-241): 2 to 5 letters or digits, stored uppercase; empty for none. */
  short_code: string()
    .transform((v: unknown) => (typeof v === "string" ? normaliseShortCode(v) : v))
    .test("short-code", MESSAGES.shortCodeFormat, (v) => !v || SHORT_CODE_PATTERN.test(v))
    .optional()
    .nullable(),
});
export type BranchInput = InferType<typeof branchSchema>;

export const inventorySchema = object({ name: nameField(), branch: requiredId() });
export type InventoryInput = InferType<typeof inventorySchema>;

/** A branch's print header (the logo is a media key, added by the server's schema and the form). */
export const printInfoSchema = object({
  name: nameField(),
  description: optionalText(500),
  phone: optionalText(PHONE_MAX_LENGTH),
  address: optionalText(ADDRESS_MAX_LENGTH),
});
export type PrintInfoInput = InferType<typeof printInfoSchema>;

/** The key/value settings of SPEC section 3 the product reads, as one form. */
export const settingsSchema = object({
  batch_number: boolean().required(),
  base_currency: requiredId(),
  /** The scale-label rules (scale-barcode.ts); left as stored when not sent. */
  scale_barcodes: scaleBarcodeRulesSchema.optional(),
});
export type SettingsInput = InferType<typeof settingsSchema>;
