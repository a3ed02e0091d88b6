import { useMemo, useRef } from "react";
import { useFormik, validateYupSchema, yupToFormErrors, type FormikHelpers, type FormikValues } from "formik";
import { useNavigate } from "react-router";
import { useLingui } from "@lingui/react/macro";
import type { AnyObjectSchema } from "yup";
import { newFormToken } from "../../../core/form-token";
import { isNetworkError, toFieldErrors } from "../../lib/api-client";
import { errorAction, fieldErrorsFromBody } from "../../lib/api-errors";
import { translateMessage } from "../../lib/messages";
import { showError, showInfo, showSuccess } from "../../lib/toast";
import { useCurrentUser } from "../../lib/use-permission";
import { isFormResource, type FormResource } from "../../offline/command-table";
import { useRecordRoute } from "../record-route";
import { formArgs, formCommands, isQueuedCommand, runCommand, sendCommand } from "../../offline/commands";
import { useCommandGate } from "../../offline/network-gate";
import { maskLocalKeys } from "./local-key-mask";
import { useLoadedRecord } from "./use-loaded-record";

export interface RecordFormOptions<Values extends FormikValues, Record> {
  /** The resource whose `<resource>-create` and `<resource>-edit` commands it runs, e.g. "item-group"; by default the route's record kind. */
  resource?: FormResource;
  /** Where the list is, e.g. "/stock/item-group"; by default the route's. */
  listPath?: string;
  schema: AnyObjectSchema;
  initialValues: Values;
  /** Maps a loaded record (edit) to form values. */
  fromRecord?: (record: Record) => Values;
  /** Maps values to the request body; defaults to the values cast by the schema. */
  toBody?: (values: Values) => object;
  /** Where a create saved online goes (its view, to print it) instead of the list; one queued offline still goes to the list. */
  createdPath?: (id: number) => string;
}

/**
 * A master-data form: loads the record for /:id/edit, validates with the core yup schema, creates
 * through the outbox (form_token, queued when offline: DESIGN section 4) or PUTs online, puts server
 * field errors on their fields, toasts, then goes back to the list. A create whose command needs the
 * server (a cashbox transfer, a money conversion: command-table.ts) is posted, never queued; with no
 * network at save time the form stays, values kept, and says why. `needsNetwork` says which it is.
 */
export function useRecordForm<Values extends FormikValues, Record = Values>(options: RecordFormOptions<Values, Record>) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const kind = useRecordRoute();
  const resource = options.resource ?? kind?.name ?? "";
  if (!isFormResource(resource)) throw new Error(`useRecordForm: no create and edit commands for "${resource}"`);
  const listPath = options.listPath ?? (kind ? `/${kind.path}` : "/");
  const commands = formCommands(resource);
  const { id, isEdit, record, loading, loadFailed } = useLoadedRecord<Record>(commands.path);
  const editGate = useCommandGate(commands.edit);
  const createGate = useCommandGate(commands.create);
  const userId = useCurrentUser()?.id ?? 0;
  // One token for this form's create however often Save is pressed: a retry after a lost answer is booked once.
  const formToken = useRef<string | null>(null);
  const { fromRecord } = options;
  const loaded = useMemo(
    () => (record === null ? null : fromRecord ? fromRecord(record) : (record as unknown as Values)),
    [record, fromRecord],
  );

  const submit = async (values: Values, helpers: FormikHelpers<Values>) => {
    const { masked, unmask } = maskLocalKeys(values);
    const body = unmask(options.toBody ? options.toBody(masked) : (options.schema.cast(masked, { stripUnknown: true }) as object));
    // An edit, or a create that needs the server, is sent at once; without a network it says so and keeps the form.
    const sendNow = async (send: () => Promise<unknown>, reason: string) => {
      if (!navigator.onLine) {
        showError(reason);
        return;
      }
      try {
        await send();
        showSuccess(id ? t`Updated successfully` : t`Saved successfully`);
        navigate(listPath);
      } catch (error) {
        if (isNetworkError(error)) showError(reason);
        else helpers.setErrors(toFieldErrors(error) as Parameters<typeof helpers.setErrors>[0]);
      }
    };
    const { create, edit } = commands;
    if (id) return sendNow(() => sendCommand(edit, formArgs(edit, { id, body })), editGate.reason);
    if (!isQueuedCommand(create)) {
      formToken.current ??= newFormToken(userId);
      const token = formToken.current;
      return sendNow(() => sendCommand(create, formArgs(create, { ...body, form_token: token })), createGate.reason);
    }
    try {
      const outcome = await runCommand(create, formArgs(create, body));
      if (outcome.queued) {
        showInfo(t`Saved, will sync`);
      } else if (outcome.ok) {
        showSuccess(t`Saved successfully`);
        const created = (outcome.body as { id?: unknown } | null)?.id;
        if (options.createdPath && typeof created === "number") return void navigate(options.createdPath(created));
      } else {
        // Refused: the outbox does not toast like the api client, so say it here, and stay on the form.
        const action = errorAction(outcome.status, outcome.body, translateMessage);
        if (action.kind === "toast") showError(action.lines.join("\n"));
        helpers.setErrors(fieldErrorsFromBody(outcome.body, translateMessage) as Parameters<typeof helpers.setErrors>[0]);
        return;
      }
      navigate(listPath);
    } catch (error) {
      showError(error instanceof Error ? error.message : String(error));
    }
  };

  const formik = useFormik<Values>({
    initialValues: loaded ?? options.initialValues,
    enableReinitialize: true,
    // The schema sees records made offline (selected by their "local-…" key) as ids.
    validate: (values) =>
      validateYupSchema(maskLocalKeys(values).masked, options.schema).then(
        () => ({}),
        (error: unknown) => yupToFormErrors<Values>(error),
      ),
    onSubmit: submit,
  });
  return { formik, id, isEdit, loading, loadFailed, record, needsNetwork: createGate.needsNetwork };
}
