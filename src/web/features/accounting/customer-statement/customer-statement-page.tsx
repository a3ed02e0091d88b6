import { useLingui } from "@lingui/react/macro";
import { AccountStatement } from "../../../components/account-statement/account-statement";

/** Customer Account Statement: what the customer owes, entry by entry (a positive balance is owed to the business). */
export default function CustomerStatementPage() {
  const { t } = useLingui();
  return <AccountStatement kind="customer" title={t`Customer Account Statement`} />;
}
