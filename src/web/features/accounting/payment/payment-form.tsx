import { MoneyDocumentForm } from "../../../components/money-document/money-document-form";

export default function PaymentForm() {
  return <MoneyDocumentForm kind="payment" />;
}
