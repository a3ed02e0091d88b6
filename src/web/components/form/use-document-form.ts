import { useMemo } from "react";
import { useFormik, validateYupSchema, yupToFormErrors, type FormikErrors, type FormikHelpers, type FormikValues } from "formik";
import type { AnyObjectSchema } from "yup";
import { toErrorMessage, toFieldErrors } from "../../lib/api-client";
import { fieldErrorsFromBody } from "../../lib/api-errors";
import { translateMessage } from "../../lib/messages";
import type { DocumentResource } from "../../offline/command-table";
import { documentCommands } from "../../offline/commands";
import { maskLocalKeys } from "./local-key-mask";
import { useDocumentSubmit } from "./use-document-submit";
import { useLoadedRecord } from "./use-loaded-record";

export interface DocumentFormOptions<Values extends FormikValues, Record> {
  /** The document whose `<resource>-create` and `<resource>-edit` commands it runs, e.g. "purchase". */
  resource: DocumentResource;
  /** The list route, e.g. "/purchase/purchase" (the view is <listPath>/<id>/view). */
  listPath: string;
  schema: AnyObjectSchema;
  initialValues: Values;
  fromRecord: (record: Record) => Values;
  toBody: (values: Values) => { [field: string]: unknown };
  /** Why a loaded record cannot be edited (approved, paid, linked), as an English SPEC message; null when it can. */
  editRefusal?: (record: Record) => string | null;
  /** Extra checks after the schema (English messages by field). */
  extraValidate?: (values: Values) => FormikErrors<Values>;
}

/**
 * A document form (purchase, transfer, damaged stock...): loads the record for /:id/edit and refuses
 * the edit up front when the state forbids it (SPEC section 4); creates through the outbox (queued
 * offline: "Saved, will sync", back to the list) or goes on to the printable view; edits PUT online.
 */
export function useDocumentForm<Values extends FormikValues, Record>(options: DocumentFormOptions<Values, Record>) {
  const { id, isEdit, record, loading, loadFailed } = useLoadedRecord<Record>(documentCommands(options.resource).path);
  const { fromRecord } = options;
  const loaded = useMemo(() => (record === null ? null : fromRecord(record)), [record, fromRecord]);
  const submitDocument = useDocumentSubmit({ resource: options.resource, listPath: options.listPath });

  const refusal = record && options.editRefusal ? options.editRefusal(record) : null;

  const submit = async (values: Values, helpers: FormikHelpers<Values>) => {
    const { masked, unmask } = maskLocalKeys(values);
    await submitDocument(id, unmask(options.toBody(masked)), {
      editFailed: (error) => {
        helpers.setErrors(toFieldErrors(error) as FormikErrors<Values>);
        const message = toErrorMessage(error);
        if (message) helpers.setStatus({ message });
      },
      createRefused: (refused) => helpers.setErrors(fieldErrorsFromBody(refused, translateMessage) as FormikErrors<Values>),
    });
  };

  const formik = useFormik<Values>({
    initialValues: loaded ?? options.initialValues,
    enableReinitialize: true,
    validateOnChange: false,
    validate: async (values) => {
      const extra = options.extraValidate?.(values) ?? {};
      try {
        await validateYupSchema(maskLocalKeys(options.toBody(values)).masked, options.schema);
        return extra;
      } catch (error) {
        return { ...(yupToFormErrors<Values>(error) as object), ...extra };
      }
    },
    onSubmit: submit,
  });
  return { formik, id, isEdit, loading, loadFailed, record, refusal };
}

/** Per-line messages of a document's `items` errors (schema or server), by line index. */
export function lineErrorsOf(errors: unknown, shown = true): Record<number, string | undefined> {
  const items = shown && errors && typeof errors === "object" ? (errors as Record<string, unknown>).items : undefined;
  if (!Array.isArray(items)) return {};
  return Object.fromEntries(
    items.map((e: unknown, i) => [
      i,
      e && typeof e === "object" ? Object.values(e as Record<string, unknown>).find((v): v is string => typeof v === "string") : undefined,
    ]),
  );
}
