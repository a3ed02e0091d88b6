import { MoneyDocumentList } from "../../../components/money-document/money-document-list";

export default function PaymentList() {
  return <MoneyDocumentList kind="payment" />;
}
