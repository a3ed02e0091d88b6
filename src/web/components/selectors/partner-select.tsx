import { useLingui } from "@lingui/react/macro";
import { ReferenceSelect, type SelectorProps } from "./reference-select";

/** Partners are shown as "Account" (SPEC section 2). */
export function PartnerSelect(props: SelectorProps) {
  const { t } = useLingui();
  return <ReferenceSelect label={t`Account`} {...props} endpoint="partner/" />;
}
