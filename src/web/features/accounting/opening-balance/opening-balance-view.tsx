import { useLingui } from "@lingui/react/macro";
import { formatDate } from "../../../../core/dates";
import { formatAmount, tryMoney } from "../../../../core/money";
import { LedgerDocumentView, moneyText } from "../../../components/ledger-document-view";
import type { ViewSection } from "../../../components/record-view/view-sections";
import { OPENING_BALANCE_ENDPOINT, OPENING_BALANCE_PATH, type OpeningBalanceRecord } from "./opening-balance-record";

const quantityText = (value: string) => formatAmount(tryMoney(value) ?? 0, { decimals: 3, trimZeros: true });

/** An opening balance as it prints (A4): branch and date, then its cashboxes, customers, suppliers and stock. */
export default function OpeningBalanceView() {
  const { t } = useLingui();
  const sections = (r: OpeningBalanceRecord): ViewSection[] => [
    {
      title: t`Cashboxes`,
      head: [t`Cashbox`, t`Amount`],
      rows: r.cashboxes.map((l) => [l.cashbox_name, moneyText(l.amount, l.currency_code)]),
      numeric: [1],
      testId: "opening-cashboxes",
    },
    {
      title: t`Customers`,
      head: [t`Customer`, t`Amount`],
      rows: r.customers.map((l) => [l.customer_name, moneyText(l.amount, l.currency_code)]),
      numeric: [1],
      testId: "opening-customers",
    },
    {
      title: t`Suppliers`,
      head: [t`Supplier`, t`Amount`],
      rows: r.suppliers.map((l) => [l.supplier_name, moneyText(l.amount, l.currency_code)]),
      numeric: [1],
      testId: "opening-suppliers",
    },
    {
      title: t`Stock`,
      head: [t`Inventory`, t`Item`, t`Batch Number`, t`Expire Date`, t`Quantity`, t`Cost`, t`Total`],
      rows: r.stock.map((l) => [
        l.inventory_name,
        l.item_name,
        l.batch_number,
        l.expire_date ? formatDate(l.expire_date) : "",
        quantityText(l.quantity),
        formatAmount(tryMoney(l.cost) ?? 0),
        formatAmount(tryMoney(l.total_cost) ?? 0),
      ]),
      numeric: [4, 5, 6],
      testId: "opening-stock",
    },
  ];
  return (
    <LedgerDocumentView<OpeningBalanceRecord>
      endpoint={OPENING_BALANCE_ENDPOINT}
      listPath={OPENING_BALANCE_PATH}
      name={t`Opening Balance`}
      changeCodes={["change_openingbalance"]}
      a4Only
      fields={(r) => [
        { label: t`Number`, value: String(r.invoice_no) },
        { label: t`Date`, value: formatDate(r.input_date) },
        { label: t`Branch`, value: r.branch_name },
        { label: t`Stock value at cost`, value: formatAmount(tryMoney(r.stock_value) ?? 0) },
        ...(r.note ? [{ label: t`Note`, value: r.note }] : []),
      ]}
      sections={sections}
    />
  );
}
