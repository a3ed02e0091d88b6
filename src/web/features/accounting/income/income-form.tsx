import { CashboxDocumentForm } from "../../../components/cashbox-document/cashbox-document-form";

export default function IncomeForm() {
  return <CashboxDocumentForm kind="income" />;
}
