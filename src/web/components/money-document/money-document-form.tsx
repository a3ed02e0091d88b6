import { useLingui } from "@lingui/react/macro";
import type { AnyObjectSchema } from "yup";
import { paymentSchema, receiptSchema } from "../../../core/validation/accounting-schemas";
import { useCurrentUser } from "../../lib/use-permission";
import type { RowKey } from "../../offline/sync-tables";
import { useFormField } from "../form/form-fields";
import { useRecordForm } from "../form/use-record-form";
import { CustomerSelect } from "../selectors/customer-select";
import { SupplierSelect } from "../selectors/supplier-select";
import { refId } from "../table/ref-value";
import { CreditNotePicker } from "./credit-note-picker";
import { InvoicePicker } from "./invoice-picker";
import { ReceiptCustomerBalance } from "./receipt-customer-balance";
import {
  allocationTarget,
  creditNoteAmountsOf,
  creditNotesBody,
  MONEY_DOCUMENTS,
  pickedAllocations,
  type CreditNoteAmounts,
  type MoneyDocumentCreditNote,
  type MoneyDocumentKind,
  type MoneyDocumentRecord,
  type PickedAmounts,
} from "./money-document-kind";
import {
  BranchCashboxField,
  BranchField,
  branchMoneyBody,
  branchMoneyValuesOf,
  MoneyFormShell,
  newBranchMoneyValues,
  type BranchMoneyValues,
} from "./money-form-shell";

const SCHEMAS: Record<MoneyDocumentKind, AnyObjectSchema> = { receipt: receiptSchema, payment: paymentSchema };

interface Values extends BranchMoneyValues {
  customer: RowKey | null;
  supplier: RowKey | null;
  /** The user chooses the invoices it settles (else the server, oldest first). */
  pick: boolean;
  picked: PickedAmounts;
  /** The party's credit notes it uses beside the cash, by note id (not named `credit_notes`: the schema checks the
   * form's values, and there `credit_notes` is the body's list, so an object under that name fails unseen). */
  note_amounts: CreditNoteAmounts;
  /** What the loaded document used (an edit offers those notes again). */
  notes_used_before: MoneyDocumentCreditNote[];
}

/**
 * A receipt or payment: branch, party, cashbox (in its currency), amount, date, note, and the invoices
 * it settles: chosen with their amounts, or left to the server, which takes the party's oldest open
 * ones in that currency first; and the party's open credit notes it uses beside the cash (online).
 */
export function MoneyDocumentForm({ kind }: { kind: MoneyDocumentKind }) {
  const { t } = useLingui();
  const user = useCurrentUser();
  const meta = MONEY_DOCUMENTS[kind];
  const partyKey = meta.party;
  const form = useRecordForm<Values, MoneyDocumentRecord>({
    resource: kind,
    listPath: meta.path,
    schema: SCHEMAS[kind],
    initialValues: {
      ...newBranchMoneyValues(user?.default_branch_id ?? null),
      customer: null,
      supplier: null,
      pick: false,
      picked: {},
      note_amounts: {},
      notes_used_before: [],
    },
    fromRecord: (r) => ({
      ...branchMoneyValuesOf(r),
      customer: refId(r.customer),
      supplier: refId(r.supplier),
      pick: false,
      picked: Object.fromEntries((r.allocations ?? []).map((a) => [allocationTarget(meta, a).key, a.amount])),
      note_amounts: creditNoteAmountsOf(r.credit_notes),
      notes_used_before: r.credit_notes ?? [],
    }),
    toBody: (v) => ({
      ...branchMoneyBody(v),
      [partyKey]: v[partyKey],
      ...pickedAllocations(kind, v.pick, v.picked),
      credit_notes: creditNotesBody(v.note_amounts ?? {}),
    }),
    // A receipt saved online opens its view, to print it for the customer.
    createdPath: kind === "receipt" ? (id) => `${meta.path}/${id}/view` : undefined,
  });
  const title = kind === "receipt" ? (form.isEdit ? t`Edit Receipt` : t`Add Receipt`) : form.isEdit ? t`Edit Payment` : t`Add Payment`;
  return (
    <MoneyFormShell
      title={title}
      listPath={meta.path}
      model={meta.model}
      {...form}
      footer={
        <>
          <CreditNotePicker kind={kind} />
          <InvoicePicker kind={kind} />
        </>
      }
    >
      <BranchField />
      <PartyField kind={kind} />
      <BranchCashboxField />
      {kind === "receipt" ? <ReceiptCustomerBalance /> : null}
    </MoneyFormShell>
  );
}

function PartyField({ kind }: { kind: MoneyDocumentKind }) {
  const name = MONEY_DOCUMENTS[kind].party;
  const field = useFormField<RowKey | null>(name);
  const props = { name, value: field.value, onChange: field.setValue, invalid: field.invalid, errorText: field.errorText, required: true };
  return kind === "receipt" ? <CustomerSelect {...props} /> : <SupplierSelect {...props} />;
}
