import { CashboxDocumentView } from "../../../components/cashbox-document/cashbox-document-view";

export default function ExpenseView() {
  return <CashboxDocumentView kind="expense" />;
}
