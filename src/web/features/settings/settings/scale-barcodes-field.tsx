import { Button, Field, HStack, IconButton, Input, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useField, useFormikContext } from "formik";
import { LuPlus, LuTrash2 } from "react-icons/lu";
import type { ScaleBarcodeRule } from "../../../../core/scale-barcode";
import { translateMessage } from "../../../lib/messages";

const NEW_RULE: ScaleBarcodeRule = { prefix: "2", item_digits: 5, value: "weight", decimals: 3 };

/** The error of one rule (a field's, or the rule's own "does not fit"), once the form was tried. */
function useRuleError(index: number): string | undefined {
  const { errors, submitCount } = useFormikContext<{ scale_barcodes?: ScaleBarcodeRule[] }>();
  if (submitCount === 0) return undefined;
  const all = errors.scale_barcodes;
  const entry: unknown = Array.isArray(all) ? all[index] : undefined;
  if (typeof entry === "string") return translateMessage(entry);
  if (entry && typeof entry === "object") {
    const first = Object.values(entry).find((v) => typeof v === "string");
    return typeof first === "string" ? translateMessage(first) : undefined;
  }
  return undefined;
}

function RuleRow({ index, disabled, onRemove }: { index: number; disabled: boolean; onRemove: () => void }) {
  const { t } = useLingui();
  const [field, , helpers] = useField<ScaleBarcodeRule>(`scale_barcodes.${index}`);
  const rule = field.value;
  const error = useRuleError(index);
  const set = (patch: Partial<ScaleBarcodeRule>) => void helpers.setValue({ ...rule, ...patch });
  const whole = (text: string) => (text === "" ? 0 : Number.parseInt(text, 10) || 0);
  return (
    <Field.Root invalid={Boolean(error)} disabled={disabled}>
      <HStack gap="2" wrap="wrap" align="end">
        <Field.Root w="24" disabled={disabled}>
          <Field.Label>{t`Prefix`}</Field.Label>
          <Input
            inputMode="numeric"
            value={rule.prefix}
            maxLength={3}
            onChange={(e) => set({ prefix: e.target.value.replace(/\D/g, "") })}
          />
        </Field.Root>
        <Field.Root w="28" disabled={disabled}>
          <Field.Label>{t`Item digits`}</Field.Label>
          <Input inputMode="numeric" value={String(rule.item_digits)} onChange={(e) => set({ item_digits: whole(e.target.value) })} />
        </Field.Root>
        <Field.Root w="36" disabled={disabled}>
          <Field.Label>{t`Value`}</Field.Label>
          <NativeSelect.Root disabled={disabled}>
            <NativeSelect.Field
              aria-label={t`Value`}
              value={rule.value}
              onChange={(e) => set({ value: e.target.value === "price" ? "price" : "weight" })}
            >
              <option value="weight">{t`Weight`}</option>
              <option value="price">{t`Price`}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root w="24" disabled={disabled}>
          <Field.Label>{t`Decimals`}</Field.Label>
          <Input inputMode="numeric" value={String(rule.decimals)} onChange={(e) => set({ decimals: whole(e.target.value) })} />
        </Field.Root>
        <IconButton aria-label={t`Remove rule`} variant="ghost" disabled={disabled} onClick={onRemove}>
          <LuTrash2 />
        </IconButton>
      </HStack>
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

/**
 * The scale-label rules: which prefix marks a label a scale printed, how many digits after it are the
 * item's product number (its barcode), and whether the rest is the weight or the price.
 */
export function ScaleBarcodesField({ disabled }: { disabled: boolean }) {
  const [field, , helpers] = useField<ScaleBarcodeRule[] | undefined>("scale_barcodes");
  const rules = field.value ?? [];
  return (
    <Stack gap="2">
      <Text fontWeight="medium">
        <Trans>Scale barcodes</Trans>
      </Text>
      <Text color="fg.muted" fontSize="sm">
        <Trans>
          A scanned EAN-13 label that starts with a prefix names the item by the digits after it, and carries the weight or the price in the
          digits left. An item&apos;s own barcode always wins.
        </Trans>
      </Text>
      {rules.map((_, index) => (
        <RuleRow
          key={index}
          index={index}
          disabled={disabled}
          onRemove={() => void helpers.setValue(rules.filter((__, i) => i !== index))}
        />
      ))}
      <Button alignSelf="start" variant="outline" size="sm" disabled={disabled} onClick={() => void helpers.setValue([...rules, NEW_RULE])}>
        <LuPlus />
        <Trans>Add scale rule</Trans>
      </Button>
    </Stack>
  );
}
