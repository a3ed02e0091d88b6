import type { ReactNode } from "react";
import { Flex } from "@chakra-ui/react";
import { usePrint } from "../print/use-print";
import { FieldGrid, fieldsHtml, RecordViewFrame, useRouteRecord, type ViewField } from "../record-view/record-view-frame";
import { useHasPermission } from "../../lib/use-permission";
import { recordTypeOf } from "../history/audit-record";

export { fieldsHtml, type ViewField };

export interface RecordViewProps<R extends { id: number; branch: number }> {
  endpoint: string;
  listPath: string;
  title: (record: R | null) => string;
  fields: (record: R) => ViewField[];
  changePermission: string;
  /** Shown under the fields (a picture, a table of lines). */
  extra?: (record: R) => ReactNode;
  /** The printed body; the fields by default. */
  printBody?: (record: R) => string;
  /** More print buttons (payslips). */
  actions?: (record: R) => ReactNode;
}

/** An HR record as it prints: its fields (and lines), print A4, edit when allowed and online. */
export function RecordView<R extends { id: number; branch: number }>(props: RecordViewProps<R>) {
  const { endpoint, listPath } = props;
  const print = usePrint();
  const canChange = useHasPermission([props.changePermission]);
  const { record, failed } = useRouteRecord<R>(endpoint);
  const title = props.title(record);
  const fields = record ? props.fields(record) : [];
  return (
    <RecordViewFrame
      title={title}
      listPath={listPath}
      recordId={record?.id ?? null}
      failed={failed}
      canChange={canChange}
      onPrint={() =>
        record && print({ title, branchId: record.branch, body: props.printBody ? props.printBody(record) : fieldsHtml(fields) })
      }
      actions={record && props.actions ? props.actions(record) : null}
      recordType={recordTypeOf(endpoint)}
    >
      {record ? (
        <Flex direction="column" gap="4">
          <FieldGrid fields={fields} />
          {props.extra ? props.extra(record) : null}
        </Flex>
      ) : null}
    </RecordViewFrame>
  );
}
