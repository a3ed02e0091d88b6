import { Button, type ButtonProps } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { LuSave } from "react-icons/lu";
import { useHasPermission } from "../lib/use-permission";

export interface SaveButtonProps extends Omit<ButtonProps, "children"> {
  /** The user needs any one of these codes; without them the button is not shown. */
  permissions: readonly string[];
  loading?: boolean;
  children?: ButtonProps["children"];
}

/** Submit button of a form, gated by permissions and showing progress while saving. */
export function SaveButton({ permissions, loading, children, ...rest }: SaveButtonProps) {
  const allowed = useHasPermission(permissions);
  if (!allowed) return null;
  return (
    <Button type="submit" colorPalette="blue" loading={loading} disabled={loading || rest.disabled} {...rest}>
      <LuSave />
      {children ?? <Trans>Save</Trans>}
    </Button>
  );
}
