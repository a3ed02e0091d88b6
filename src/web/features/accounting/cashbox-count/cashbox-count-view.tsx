import { Link } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link as RouterLink } from "react-router";
import { DISPLAY_DATE_TIME, formatDate } from "../../../../core/dates";
import { LedgerDocumentView, moneyText } from "../../../components/ledger-document-view";
import { useDocumentNumber } from "../../../lib/use-document-number";
import { ADJUSTMENT_PATH, COUNT_ENDPOINT, COUNT_PATH, type CountRecord } from "./count-record";
import { ZReportPanel } from "./z-report-panel";

/** A cashbox count as it prints: who closed which cashbox when, expected, counted, difference; a link to its adjustment; its Z report. */
export default function CashboxCountView() {
  const { t } = useLingui();
  const numberOf = useDocumentNumber();
  return (
    <LedgerDocumentView<CountRecord>
      endpoint={COUNT_ENDPOINT}
      listPath={COUNT_PATH}
      name={t`Cashbox Count`}
      fields={(r) => [
        { label: t`Number`, value: String(r.invoice_no) },
        { label: t`Date`, value: formatDate(r.input_date) },
        { label: t`Branch`, value: r.branch_name },
        { label: t`Cashbox`, value: r.cashbox_name },
        ...(r.shift ? [{ label: t`Shift`, value: r.shift }] : []),
        { label: t`Closed By`, value: r.closed_by_name ?? "" },
        { label: t`Closed At`, value: formatDate(r.closed_at, DISPLAY_DATE_TIME) },
        { label: t`Expected`, value: moneyText(r.expected_balance, r.currency_code) },
        { label: t`Counted`, value: moneyText(r.counted_balance, r.currency_code) },
        { label: t`Difference`, value: moneyText(r.difference, r.currency_code) },
        ...(r.note ? [{ label: t`Note`, value: r.note }] : []),
      ]}
    >
      {(r) => (
        <>
          {r.adjustment ? (
            <Link asChild mt="4" colorPalette="blue">
              <RouterLink to={`${ADJUSTMENT_PATH}/${r.adjustment}/view`}>
                <Trans>Booked as cashbox adjustment #{r.adjustment_no}</Trans>
              </RouterLink>
            </Link>
          ) : null}
          <ZReportPanel countId={r.id} number={numberOf(r.branch, r.invoice_no)} />
        </>
      )}
    </LedgerDocumentView>
  );
}
