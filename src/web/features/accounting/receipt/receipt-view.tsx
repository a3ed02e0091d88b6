import { MoneyDocumentView } from "../../../components/money-document/money-document-view";

export default function ReceiptView() {
  return <MoneyDocumentView kind="receipt" />;
}
