import { DebitInvoiceView } from "./debit-invoice-screens";

export default function CustomerDebitInvoiceView() {
  return <DebitInvoiceView party="customer" />;
}
