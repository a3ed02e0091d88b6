import { useLingui } from "@lingui/react/macro";
import { AccountStatement } from "../../../components/account-statement/account-statement";

/** Cashbox Account Statement: every ledger entry of one cashbox with its running balance. */
export default function CashboxStatementPage() {
  const { t } = useLingui();
  return <AccountStatement kind="cashbox" title={t`Cashbox Account Statement`} />;
}
