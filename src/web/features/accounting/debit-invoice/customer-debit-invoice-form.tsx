import { DebitInvoiceForm } from "./debit-invoice-screens";

export default function CustomerDebitInvoiceForm() {
  return <DebitInvoiceForm party="customer" />;
}
