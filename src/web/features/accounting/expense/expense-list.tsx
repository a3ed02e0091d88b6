import { CashboxDocumentList } from "../../../components/cashbox-document/cashbox-document-list";

export default function ExpenseList() {
  return <CashboxDocumentList kind="expense" />;
}
