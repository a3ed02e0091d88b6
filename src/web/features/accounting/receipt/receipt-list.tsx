import { MoneyDocumentList } from "../../../components/money-document/money-document-list";

export default function ReceiptList() {
  return <MoneyDocumentList kind="receipt" />;
}
