import { MoneyDocumentView } from "../../../components/money-document/money-document-view";

export default function PaymentView() {
  return <MoneyDocumentView kind="payment" />;
}
