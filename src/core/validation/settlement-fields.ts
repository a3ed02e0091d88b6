/**
 * The body fields of refunds and credit notes: on a return, and the credit notes a later invoice uses.
 * All optional (a body without them is a return or invoice as before): the server reads a missing one as none.
 */
import { array, boolean, object } from "yup";
import { amountField, requiredId } from "./common";

/** A return's refund: the cashbox the money goes through and how much (no object default: absent stays absent). */
export const refundField = () =>
  object({ cashbox: requiredId(), amount: amountField().required() }).nullable().optional().default(undefined);

/** A return that leaves a credit note of what it may give back. */
export const creditNoteFlag = () => boolean().optional();

/** Open credit notes of the invoice's party it uses, each for an amount. */
export const creditNotesField = () =>
  array()
    .of(object({ credit_note: requiredId(), amount: amountField().required() }).required())
    .max(100)
    .optional();
