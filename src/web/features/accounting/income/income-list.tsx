import { CashboxDocumentList } from "../../../components/cashbox-document/cashbox-document-list";

export default function IncomeList() {
  return <CashboxDocumentList kind="income" />;
}
