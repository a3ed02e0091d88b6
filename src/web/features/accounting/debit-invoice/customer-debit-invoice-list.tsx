import { DebitInvoiceList } from "./debit-invoice-screens";

export default function CustomerDebitInvoiceList() {
  return <DebitInvoiceList party="customer" />;
}
