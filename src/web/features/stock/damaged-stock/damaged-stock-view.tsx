import { useEffect, useState } from "react";
import { Button } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate, useParams } from "react-router";
import { LuPencil } from "react-icons/lu";
import { formatDate } from "../../../../core/dates";
import { formatAmount, tryMoney } from "../../../../core/money";
import { StockDocumentView } from "../../../components/stock-document-view";
import { api } from "../../../lib/api-client";
import { useHasPermission } from "../../../lib/use-permission";
import { useOnline } from "../../../offline/online";
import { damagedLines, type DamagedRecord } from "./damaged-record";

const PATH = "/stock/damaged-stock";

export default function DamagedStockView() {
  const { t } = useLingui();
  const { id } = useParams();
  const navigate = useNavigate();
  const online = useOnline();
  const canChange = useHasPermission(["change_damagedstock"]);
  const [record, setRecord] = useState<DamagedRecord | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    api
      .get(`damaged-stock/${id}/`)
      .json<DamagedRecord>()
      .then(setRecord)
      .catch(() => setFailed(true));
  }, [id]);
  return (
    <StockDocumentView
      title={record ? `${t`Damaged Stock`} #${record.invoice_no}` : t`Damaged Stock`}
      listPath={PATH}
      loading={!record && !failed}
      failed={failed}
      branchId={record?.branch}
      lines={record ? damagedLines(record) : []}
      fields={
        record
          ? [
              { label: t`Number`, value: String(record.invoice_no) },
              { label: t`Date`, value: formatDate(record.input_date) },
              { label: t`Inventory`, value: record.inventory_name ?? "" },
              { label: t`Damaged Stock Type`, value: record.damaged_stock_type_name ?? "" },
              ...(record.total_cost ? [{ label: t`Cost`, value: formatAmount(tryMoney(record.total_cost) ?? 0) }] : []),
              ...(record.note ? [{ label: t`Note`, value: record.note }] : []),
            ]
          : []
      }
      actions={
        record && canChange ? (
          <Button
            size="sm"
            variant="outline"
            disabled={!online}
            title={online ? undefined : t`Editing needs a connection`}
            onClick={() => navigate(`${PATH}/${record.id}/edit`)}
          >
            <LuPencil />
            <Trans>Edit</Trans>
          </Button>
        ) : null
      }
    />
  );
}
