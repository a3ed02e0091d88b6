import { useLingui } from "@lingui/react/macro";
import { AccountStatement } from "../../../components/account-statement/account-statement";

/** Supplier Account Statement: what the business owes the supplier, entry by entry. */
export default function SupplierStatementPage() {
  const { t } = useLingui();
  return <AccountStatement kind="supplier" title={t`Supplier Account Statement`} />;
}
