import { DebitInvoiceView } from "./debit-invoice-screens";

export default function SupplierDebitInvoiceView() {
  return <DebitInvoiceView party="supplier" />;
}
