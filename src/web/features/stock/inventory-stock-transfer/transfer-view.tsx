import { useCallback, useEffect, useState } from "react";
import { Badge, Button, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate, useParams } from "react-router";
import { LuCheck, LuPencil } from "react-icons/lu";
import { DISPLAY_DATE_TIME, formatDate } from "../../../../core/dates";
import { StockDocumentView } from "../../../components/stock-document-view";
import { api } from "../../../lib/api-client";
import { translateMessage } from "../../../lib/messages";
import { showSuccess } from "../../../lib/toast";
import { useHasPermission } from "../../../lib/use-permission";
import { sendCommand } from "../../../offline/commands";
import { useOnline } from "../../../offline/online";
import { transferLines, type TransferRecord } from "./transfer-record";

const PATH = "/stock/inventory-stock-transfer";

/** A transfer as it prints; a pending one can be approved (online), an approved one shows who and when. */
export default function TransferView() {
  const { t } = useLingui();
  const { id } = useParams();
  const navigate = useNavigate();
  const online = useOnline();
  const canChange = useHasPermission(["change_inventorystocktransfer"]);
  const [record, setRecord] = useState<TransferRecord | null>(null);
  const [failed, setFailed] = useState(false);
  const [approving, setApproving] = useState(false);

  const load = useCallback(() => {
    api
      .get(`inventory-stock-transfer/${id}/`)
      .json<TransferRecord>()
      .then(setRecord)
      .catch(() => setFailed(true));
  }, [id]);
  useEffect(load, [load]);

  const approve = async () => {
    setApproving(true);
    try {
      const answer = await sendCommand("inventory-stock-transfer-approve", { id: Number(id) });
      showSuccess(translateMessage(answer?.message ?? "Approved Successfully"));
      load();
    } catch {
      // The api client has shown the reason.
    } finally {
      setApproving(false);
    }
  };

  const offlineReason = t`Needs a connection`;
  const status = record ? (
    <Badge colorPalette={record.approved ? "green" : "orange"} data-testid="transfer-status">
      {record.approved ? t`Approved` : t`Pending`}
    </Badge>
  ) : null;
  return (
    <StockDocumentView
      title={record ? `${t`Inventory Transfer`} #${record.invoice_no}` : t`Inventory Transfer`}
      listPath={PATH}
      loading={!record && !failed}
      failed={failed}
      branchId={record?.branch}
      lines={record ? transferLines(record) : []}
      fields={
        record
          ? [
              { label: t`Number`, value: String(record.invoice_no) },
              { label: t`Date`, value: formatDate(record.input_date) },
              { label: t`Branch`, value: record.branch_name ?? "" },
              { label: t`From Inventory`, value: record.from_inventory_name ?? "" },
              { label: t`To Inventory`, value: record.to_inventory_name ?? "" },
              { label: t`Status`, value: status, text: record.approved ? t`Approved` : t`Pending` },
              ...(record.approved
                ? [
                    { label: t`Approved By`, value: record.approved_by_name ?? "" },
                    { label: t`Approved At`, value: formatDate(record.approved_at, DISPLAY_DATE_TIME) },
                  ]
                : []),
              ...(record.note ? [{ label: t`Note`, value: record.note }] : []),
            ]
          : []
      }
      actions={
        record && !record.approved && canChange ? (
          <>
            {!online ? (
              <Text fontSize="sm" color="fg.warning">
                {offlineReason}
              </Text>
            ) : null}
            <Button
              size="sm"
              variant="outline"
              disabled={!online}
              title={online ? undefined : offlineReason}
              onClick={() => navigate(`${PATH}/${record.id}/edit`)}
            >
              <LuPencil />
              <Trans>Edit</Trans>
            </Button>
            <Button
              size="sm"
              colorPalette="green"
              loading={approving}
              disabled={!online}
              title={online ? undefined : offlineReason}
              onClick={() => void approve()}
            >
              <LuCheck />
              <Trans>Approve</Trans>
            </Button>
          </>
        ) : null
      }
    />
  );
}
