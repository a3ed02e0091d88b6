import { MoneyDocumentForm } from "../../../components/money-document/money-document-form";

export default function ReceiptForm() {
  return <MoneyDocumentForm kind="receipt" />;
}
