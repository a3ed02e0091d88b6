import { useLingui } from "@lingui/react/macro";
import { namedRecordSchema } from "../../../core/validation/common";
import { translateTitle } from "../../app/route-title";
import { FormScreen } from "../../components/form/form-screen";
import { TextField } from "../../components/form/form-fields";
import { useRecordForm } from "../../components/form/use-record-form";
import { useRecordRoute } from "../../components/record-route";

/** The add and edit form of a record kind that is only its name: its route says which. */
export default function NamedRecordForm() {
  const { t, i18n } = useLingui();
  const kind = useRecordRoute();
  const form = useRecordForm({ schema: namedRecordSchema, initialValues: { name: "" } });
  const title = kind ? translateTitle(i18n, { action: form.isEdit ? "edit" : "add", entity: kind.singular }) : null;
  return (
    <FormScreen title={title} {...form}>
      <TextField name="name" label={t`Name`} required />
    </FormScreen>
  );
}
