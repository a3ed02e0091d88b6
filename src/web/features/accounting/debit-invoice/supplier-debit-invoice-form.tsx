import { DebitInvoiceForm } from "./debit-invoice-screens";

export default function SupplierDebitInvoiceForm() {
  return <DebitInvoiceForm party="supplier" />;
}
