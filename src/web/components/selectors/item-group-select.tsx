import { useLingui } from "@lingui/react/macro";
import { ReferenceSelect, type SelectorProps } from "./reference-select";

export function ItemGroupSelect(props: SelectorProps) {
  const { t } = useLingui();
  return <ReferenceSelect label={t`Item Group`} {...props} endpoint="item-group/" quickCreate="item-group" />;
}
