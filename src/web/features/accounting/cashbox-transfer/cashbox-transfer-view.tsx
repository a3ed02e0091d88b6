import { useLingui } from "@lingui/react/macro";
import { MoneyViewShell } from "../../../components/money-document/money-view-shell";
import { TRANSFER_ENDPOINT, TRANSFER_PATH, type TransferRecord } from "./transfer-record";

/** A cashbox transfer as it prints: number, date, from, to, amount and the amount in words. */
export default function CashboxTransferView() {
  const { t } = useLingui();
  return (
    <MoneyViewShell<TransferRecord>
      endpoint={TRANSFER_ENDPOINT}
      listPath={TRANSFER_PATH}
      singular={t`Cashbox Transfer`}
      changePermission="change_cashbox"
      fields={(r) => [
        { label: t`From Cashbox`, value: r.from_cashbox_name },
        { label: t`To Cashbox`, value: r.to_cashbox_name },
      ]}
    />
  );
}
