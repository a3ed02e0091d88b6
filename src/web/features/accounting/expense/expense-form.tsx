import { CashboxDocumentForm } from "../../../components/cashbox-document/cashbox-document-form";

export default function ExpenseForm() {
  return <CashboxDocumentForm kind="expense" />;
}
