import { useEffect, useState } from "react";
import { useFormik, type FormikHelpers, type FormikValues } from "formik";
import { useNavigate, useParams } from "react-router";
import { useLingui } from "@lingui/react/macro";
import type { AnyObjectSchema } from "yup";
import { newFormToken } from "../../../core/form-token";
import { api, toFieldErrors } from "../../lib/api-client";
import { showSuccess } from "../../lib/toast";
import { useCurrentUser } from "../../lib/use-permission";

export interface RecordFormOptions<Values extends FormikValues, Record> {
  /** Resource path, e.g. "item-group/". */
  endpoint: string;
  /** Where the list is, e.g. "/stock/item-group". */
  listPath: string;
  schema: AnyObjectSchema;
  initialValues: Values;
  /** Maps a loaded record (edit) to form values. */
  fromRecord?: (record: Record) => Values;
  /** Maps values to the request body; defaults to the values cast by the schema. */
  toBody?: (values: Values) => object;
}

/**
 * A master-data form: loads the record for /:id/edit, validates with the core yup schema, POSTs with a
 * form_token or PUTs, puts server field errors on their fields, toasts, then goes back to the list.
 */
export function useRecordForm<Values extends FormikValues, Record = Values>(options: RecordFormOptions<Values, Record>) {
  const { t } = useLingui();
  const { id } = useParams();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const isEdit = Boolean(id);
  const [loaded, setLoaded] = useState<Values | null>(null);
  const [loading, setLoading] = useState(isEdit);
  const [loadFailed, setLoadFailed] = useState(false);
  const base = options.endpoint.endsWith("/") ? options.endpoint : `${options.endpoint}/`;
  const { fromRecord } = options;

  useEffect(() => {
    if (!id) return;
    let cancelled = false;
    setLoading(true);
    api
      .get(`${base}${id}/`)
      .json<Record>()
      .then((record) => {
        if (!cancelled) setLoaded(fromRecord ? fromRecord(record) : (record as unknown as Values));
      })
      .catch(() => {
        if (!cancelled) setLoadFailed(true);
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [base, id, fromRecord]);

  const submit = async (values: Values, helpers: FormikHelpers<Values>) => {
    const body = options.toBody ? options.toBody(values) : (options.schema.cast(values, { stripUnknown: true }) as object);
    try {
      if (id) {
        await api.put(`${base}${id}/`, { json: body });
        showSuccess(t`Updated successfully`);
      } else {
        await api.post(base, { json: { ...body, form_token: newFormToken(user?.id ?? 0) } });
        showSuccess(t`Saved successfully`);
      }
      navigate(options.listPath);
    } catch (error) {
      helpers.setErrors(toFieldErrors(error) as Parameters<typeof helpers.setErrors>[0]);
    }
  };

  const formik = useFormik<Values>({
    initialValues: loaded ?? options.initialValues,
    enableReinitialize: true,
    validationSchema: options.schema,
    onSubmit: submit,
  });
  return { formik, id: id ?? null, isEdit, loading, loadFailed };
}
