import { DebitInvoiceList } from "./debit-invoice-screens";

export default function SupplierDebitInvoiceList() {
  return <DebitInvoiceList party="supplier" />;
}
