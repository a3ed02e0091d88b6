/** The body fields of refunds and credit notes: on a return, and the credit notes a later invoice uses. */
import { array, boolean, object } from "yup";
import { amountField, requiredId } from "./common";

/** A return's refund: the cashbox the money goes through and how much. */
export const refundField = () => object({ cashbox: requiredId(), amount: amountField().required() }).nullable().default(null);

/** A return that leaves a credit note of what it may give back. */
export const creditNoteFlag = () => boolean().default(false);

/** Open credit notes of the invoice's party it uses, each for an amount. */
export const creditNotesField = () =>
  array()
    .of(object({ credit_note: requiredId(), amount: amountField().required() }).required())
    .max(100)
    .default([]);
