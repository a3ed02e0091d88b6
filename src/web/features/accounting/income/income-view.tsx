import { CashboxDocumentView } from "../../../components/cashbox-document/cashbox-document-view";

export default function IncomeView() {
  return <CashboxDocumentView kind="income" />;
}
