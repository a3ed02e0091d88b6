import { useLingui } from "@lingui/react/macro";
import { ReferenceSelect, type SelectorProps } from "./reference-select";

export function MeasurementSelect(props: SelectorProps) {
  const { t } = useLingui();
  return <ReferenceSelect label={t`Measurement`} {...props} endpoint="measurement/" />;
}
