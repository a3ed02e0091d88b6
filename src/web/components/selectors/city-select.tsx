import { useLingui } from "@lingui/react/macro";
import { ReferenceSelect, type SelectorProps } from "./reference-select";

export function CitySelect(props: SelectorProps) {
  const { t } = useLingui();
  return <ReferenceSelect label={t`City`} {...props} endpoint="city/" quickCreate="city" />;
}
